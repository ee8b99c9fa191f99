import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { blockLook } from './testing/blocked';
import { startTestServer, type TestServer } from './testing/harness';

async function adminSession(s: TestServer): Promise<string> {
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  const res = await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' });
  return res.body.token as string;
}

const blockedRow = (s: TestServer, id: string) => s.db.db.selectFrom('blocked_images').selectAll().where('id', '=', id).executeTakeFirst();
const auditOf = (s: TestServer, action: string, targetId?: string) => {
  let q = s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action);
  if (targetId) q = q.where('target_id', '=', targetId);
  return q.orderBy('id', 'desc').execute();
};
const imageCount = async (s: TestServer, code: string) =>
  (await s.db.db.selectFrom('combinations').select('image_count').where('code', '=', code).executeTakeFirst())?.image_count ?? 0;

describe('admin blocked images (local storage)', () => {
  let s: TestServer;
  let token: string;
  const female: string[] = [];
  let male: string;

  beforeAll(async () => {
    s = await startTestServer();
    token = await adminSession(s);
    for (let i = 0; i < 3; i++) female.push(await blockLook(s, { gender: 'female', trend: 'boho_chic' }));
    male = await blockLook(s, { gender: 'male', occasion: 'office' });
  });
  afterAll(() => s.close());

  const get = (path: string) => s.call('GET', path, undefined, { token });
  const post = (path: string, body?: unknown) => s.call('POST', path, body ?? {}, { token });

  it('lists blocked images with the spec fields, newest first, and serves each picture to the admin token only', async () => {
    const res = await get('/api/admin/blocked-images');
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.images.map((i: { id: string }) => i.id)).toEqual([male, ...[...female].reverse()]);
    const first = res.body.images[0];
    expect(first).toMatchObject({
      id: male, blocked_s3_url: `/api/admin/blocked-images/${male}/image`, gender: 'male', occasion: 'office', color_palette: null,
      rejection_reason: 'content_safety', rejection_details: { error: 'classifier_flagged', reasoning: expect.any(String) },
      safety_score: 12, quality_score: expect.any(Number), human_realism_score: null,
      admin_review_status: 'pending', admin_reviewer: null, reviewed_at: null, admin_notes: null, blocked_at: expect.any(String),
    });
    expect(first.combo_code).toMatch(/^male\.occasion\.office\./);
    for (const key of ['style_vibe', 'skin_tone', 'body_shape']) expect(first[key]).toEqual(expect.any(String));

    const file = await fetch(`${s.url}${first.blocked_s3_url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 768, height: 1024 });
    expect((await fetch(`${s.url}${first.blocked_s3_url}`)).status).toBe(401);
  });

  it('filters by review status, rejection reason and gender, sorts, and pages with hasMore', async () => {
    const ids = async (query: string) => (await get(`/api/admin/blocked-images?${query}`)).body.images.map((i: { id: string }) => i.id);
    expect(await ids('gender=female')).toEqual([...female].reverse());
    expect(await ids('gender=male&reviewStatus=pending')).toEqual([male]);
    expect(await ids('reviewStatus=approved')).toEqual([]);
    expect(await ids('rejectionReason=quality_threshold')).toEqual([]);
    expect(await ids('rejectionReason=content_safety&gender=all&reviewStatus=all')).toHaveLength(4);
    expect(await ids('sortBy=oldest')).toEqual([...female, male]);
    const page1 = await get('/api/admin/blocked-images?limit=3&page=1');
    const page2 = await get('/api/admin/blocked-images?limit=3&page=2');
    expect([page1.body.hasMore, page2.body.hasMore]).toEqual([true, false]);
    expect([...page1.body.images, ...page2.body.images].map((i: { id: string }) => i.id)).toEqual([male, ...[...female].reverse()]);
    // The default page is the spec's 20.
    for (let i = 0; i < 2; i++) expect((await get(`/api/admin/blocked-images?page=${i + 1}`)).body.images.length).toBe(i === 0 ? 4 : 0);
  });

  it.each([
    ['reviewStatus=maybe', 'reviewStatus'],
    ['rejectionReason=ugly', 'rejectionReason'],
    ['gender=robot', 'gender'],
    ['sortBy=random', 'sortBy'],
    ['limit=0', 'limit'],
    ['page=abc', 'page'],
  ])('refuses the query %s with 400', async (query, field) => {
    const res = await get(`/api/admin/blocked-images?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_input', message: expect.stringContaining(field) });
  });

  it('approves and rejects a pending image once, with notes, and writes the audit row', async () => {
    const id = female[0]!;
    const bad = await post(`/api/admin/blocked-images/${id}/review`, { status: 'restored', notes: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const long = await post(`/api/admin/blocked-images/${id}/review`, { status: 'approved', notes: 'x'.repeat(1001) });
    expect(long).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'notes: Notes can be at most 1000 characters.' } });
    const control = await post(`/api/admin/blocked-images/${id}/review`, { status: 'approved', notes: 'a\u0000b' });
    expect(control.status).toBe(400);
    expect((await blockedRow(s, id))?.admin_review_status).toBe('pending');

    const ok = await post(`/api/admin/blocked-images/${id}/review`, { status: 'approved', notes: '  Looks fine on a second look  ' });
    expect(ok).toMatchObject({ status: 200, body: { success: true, id, status: 'approved' } });
    const row = await blockedRow(s, id);
    expect(row).toMatchObject({ admin_review_status: 'approved', admin_reviewer: 'ops', admin_notes: 'Looks fine on a second look', storage_key: expect.any(String) });
    expect(row?.reviewed_at).toBeInstanceOf(Date);
    const [audit] = await auditOf(s, 'admin.blocked.review', id);
    expect(audit).toMatchObject({ actor: 'ops', actor_kind: 'admin', target_type: 'blocked', target_id: id });

    const again = await post(`/api/admin/blocked-images/${id}/review`, { status: 'rejected' });
    expect(again).toMatchObject({ status: 409, body: { error: 'blocked_not_pending', message: 'This image has already been reviewed.' } });
    expect((await blockedRow(s, id))?.admin_review_status).toBe('approved');
    expect(await auditOf(s, 'admin.blocked.review', id)).toHaveLength(1);
    expect((await post('/api/admin/blocked-images/00000000-0000-4000-8000-000000000000/review', { status: 'rejected' })).status).toBe(404);
    expect((await post('/api/admin/blocked-images/not-an-id/review', { status: 'rejected' })).status).toBe(400);
  });

  it('restores a pending image into the inventory: a viewable look with its pieces, the file moved to the public store', async () => {
    const id = female[1]!;
    const before = await blockedRow(s, id);
    const code = before!.combination_code;
    const count = await imageCount(s, code);
    const res = await post(`/api/admin/blocked-images/${id}/restore`, { notes: 'A false alarm' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, id, status: 'restored', combinationCode: code, imageId: expect.any(String) });
    const imageId = res.body.imageId as string;

    const look = await s.db.db.selectFrom('generated_images').selectAll().where('id', '=', imageId).executeTakeFirstOrThrow();
    expect(look).toMatchObject({
      status: 'viewable', combination_code: code, gender: 'female', selection_kind: 'trend', selection_id: 'boho_chic',
      quality_score: before!.quality_score, safety_score: 12, prompt: before!.prompt, provider: 'atelier', width: 768, height: 1024,
    });
    const pieces = await s.db.db.selectFrom('fashion_items').select(['name', 'type', 'color', 'color_hex', 'color_family', 'description', 'price_range']).where('image_id', '=', imageId).orderBy('position').execute();
    expect(pieces).toEqual(before!.pieces);
    expect(await imageCount(s, code)).toBe(count + 1);

    expect(await s.storage.exists('public', look.storage_key)).toBe(true);
    expect(await s.storage.exists('public', look.thumb_key)).toBe(true);
    expect(await s.storage.exists('private', before!.storage_key!)).toBe(false);
    const media = await fetch(`${s.url}/media/${look.thumb_key}`);
    expect(await sharp(Buffer.from(await media.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 384, height: 512 });

    expect(await blockedRow(s, id)).toMatchObject({ admin_review_status: 'restored', admin_reviewer: 'ops', admin_notes: 'A false alarm', storage_key: null, restored_image_id: imageId });
    const listed = (await get('/api/admin/blocked-images?reviewStatus=restored')).body.images;
    expect(listed).toEqual([expect.objectContaining({ id, blocked_s3_url: `/media/${look.storage_key}`, admin_review_status: 'restored' })]);
    const [audit] = await auditOf(s, 'admin.blocked.restore', id);
    expect(audit).toMatchObject({ actor: 'ops', target_type: 'blocked', target_id: id });

    // Get My Look serves it from the inventory, with its pieces.
    const user = await s.register();
    const outfit = await s.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'Boho Chic' }, { token: user.token });
    expect(outfit.body).toMatchObject({ id: imageId, source: 'inventory' });
    expect(outfit.body.fashionItems.map((i: { name: string }) => i.name)).toEqual(pieces.map((p) => p.name));

    const twice = await post(`/api/admin/blocked-images/${id}/restore`, { notes: 'again' });
    expect(twice).toMatchObject({ status: 409, body: { error: 'blocked_not_restorable', message: 'This image is no longer available for restoration.' } });
    const approved = await post(`/api/admin/blocked-images/${female[0]}/restore`, {});
    expect(approved.status).toBe(409);
    expect(await imageCount(s, code)).toBe(count + 1);
    expect(await auditOf(s, 'admin.blocked.restore', id)).toHaveLength(1);
  });

  it('restores an image blocked before its look was kept, composing its pieces again', async () => {
    const id = await blockLook(s, { gender: 'female', palette: 'ocean_depths' });
    await s.db.db.updateTable('blocked_images').set({ seed: null, prompt: null, provider: null, quality: null, color_families: null, pieces: null }).where('id', '=', id).execute();
    const res = await post(`/api/admin/blocked-images/${id}/restore`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pieces = await s.db.db.selectFrom('fashion_items').select('type').where('image_id', '=', res.body.imageId).execute();
    expect(pieces.map((p) => p.type)).toContain('shoes');
    const look = await s.db.db.selectFrom('generated_images').selectAll().where('id', '=', res.body.imageId).executeTakeFirstOrThrow();
    expect(look.prompt.length).toBeGreaterThan(20);
    expect(look.color_families.length).toBeGreaterThan(0);
  });

  it('counts per review status and cleans up the rejected and long-reviewed images with their files', async () => {
    const rejected = await blockLook(s, { gender: 'male', trend: 'boho_chic' });
    expect((await post(`/api/admin/blocked-images/${rejected}/review`, { status: 'rejected', notes: 'Clearly explicit' })).status).toBe(200);
    const oldApproved = await blockLook(s, { gender: 'male', trend: 'boho_chic' });
    await post(`/api/admin/blocked-images/${oldApproved}/review`, { status: 'approved' });
    await s.db.db.updateTable('blocked_images').set({ reviewed_at: new Date(Date.now() - 31 * 86_400_000) }).where('id', '=', oldApproved).execute();

    const stats = await get('/api/admin/blocked-images/stats');
    // female[0] approved, female[1] and the palette look restored, female[2] and male pending.
    expect(stats).toMatchObject({ status: 200, body: { total: 7, pending: 2, approved: 2, rejected: 1, restored: 2, eligibleForCleanup: 2 } });

    const files = await Promise.all([rejected, oldApproved].map(async (id) => (await blockedRow(s, id))!.storage_key!));
    const res = await post('/api/admin/blocked-images/cleanup');
    expect(res).toMatchObject({ status: 200, body: { deletedCount: 2 } });
    expect(await blockedRow(s, rejected)).toBeUndefined();
    expect(await blockedRow(s, oldApproved)).toBeUndefined();
    for (const key of files) expect(await s.storage.exists('private', key)).toBe(false);
    expect(await s.storage.exists('private', (await blockedRow(s, female[0]!))!.storage_key!)).toBe(true);
    expect((await get('/api/admin/blocked-images/stats')).body).toMatchObject({ total: 5, rejected: 0, eligibleForCleanup: 0 });
    const [audit] = await auditOf(s, 'admin.blocked.cleanup');
    expect(audit).toMatchObject({ actor: 'ops', target_id: null, details: { input: null, result: { deletedCount: 2 } } });
    expect((await post('/api/admin/blocked-images/cleanup')).body).toEqual({ deletedCount: 0 });
  });
});

describe('admin blocked images (S3 storage)', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer({ s3: true });
    token = await adminSession(s);
  });
  afterAll(() => s.close());

  it('moves the restored picture from the private to the public area of the bucket', async () => {
    const id = await blockLook(s, { gender: 'male', palette: 'ocean_depths' });
    const key = (await blockedRow(s, id))!.storage_key!;
    expect(await s.storage.exists('private', key)).toBe(true);
    const image = await fetch(`${s.url}/api/admin/blocked-images/${id}/image`, { headers: { authorization: `Bearer ${token}` } });
    expect(image.status).toBe(200);
    const res = await s.call('POST', `/api/admin/blocked-images/${id}/restore`, { notes: 'fine' }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const look = await s.db.db.selectFrom('generated_images').select(['storage_key', 'thumb_key']).where('id', '=', res.body.imageId).executeTakeFirstOrThrow();
    expect(await s.storage.exists('public', look.storage_key)).toBe(true);
    expect(await s.storage.exists('public', look.thumb_key)).toBe(true);
    expect(await s.storage.exists('private', key)).toBe(false);
  });
});
