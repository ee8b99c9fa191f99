import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ pipeline: true });
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  admin = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
});
afterAll(() => s.close());

const countImages = async () => Number((await s.db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /api/admin/generator/options', () => {
  it('offers 5 trends, 4 palettes, 6 occasions, 4 vibes, 3 tones and 3 shapes (settings-and-admin §2.2)', async () => {
    const res = await s.call('GET', '/api/admin/generator/options', undefined, { token: admin });
    expect(res.status).toBe(200);
    const o = res.body;
    expect([o.monthlyTrends, o.seasons, o.occasions, o.styleVibes, o.skinTones, o.bodyShapes].map((l: unknown[]) => l.length)).toEqual([5, 4, 6, 4, 3, 3]);
    expect(o.monthlyTrends[0]).toEqual({ id: 'boho_chic', name: 'Boho Chic', category: 'Bohemian' });
    expect(o.seasons[0]).toMatchObject({ id: 'sunset_sorbet', name: 'Sunset Sorbet', colors: expect.arrayContaining([{ name: 'coral', hex: '#FF7F6E' }]) });
    expect(o.occasions.map((x: { name: string }) => x.name)).not.toContain('Beach');
    expect(o.bodyShapes.map((x: { id: string }) => x.id)).toEqual(['hourglass', 'pear', 'rectangle']);
  });
});

describe('POST /api/admin/generator/generate', () => {
  it('renders a fresh look through the pipeline and answers the spec fields; the log names the image', async () => {
    let res;
    // One attempt per admin render: a seed the quality check refuses answers "Generation Issue"; try again as the admin would.
    for (let i = 0; i < 4; i++) {
      res = await s.call('POST', '/api/admin/generator/generate', { gender: 'Female', selection_type: 'trend', selection_id: 'boho_chic', style_vibe_id: 'elegant', skin_tone_id: 'deep', body_shape_id: 'pear' }, { token: admin });
      if (res.status === 200) break;
      expect(res.body.error).toBe('generation_failed');
    }
    expect(res!.status, JSON.stringify(res!.body)).toBe(200);
    const body = res!.body;
    expect(body).toMatchObject({ success: true, imageUrl: expect.stringMatching(/^\/media\/looks\/.+\.webp$/), qualityScore: expect.any(Number), imageId: expect.any(String) });
    expect(body.qualityScore).toBeGreaterThanOrEqual(0);
    expect(body.qualityScore).toBeLessThanOrEqual(100);
    expect(body.fashionItems.length).toBeGreaterThanOrEqual(3);
    for (const item of body.fashionItems) expect(Object.keys(item).sort()).toEqual(['color', 'description', 'name', 'priceRange', 'type']);

    const row = await s.db.db.selectFrom('generated_images').selectAll().where('id', '=', body.imageId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'viewable', gender: 'female', selection_kind: 'trend', selection_id: 'boho_chic', style_vibe: 'elegant', skin_tone: 'deep', body_shape: 'pear', quality_score: body.qualityScore });
    expect(body.combinationCode).toBe(row.combination_code);
    const file = path.join(s.config.dataDir, 'media', row.storage_key);
    expect(fs.existsSync(file)).toBe(true);
    expect(await sharp(file).metadata()).toMatchObject({ width: 768, height: 1024 });
    const served = await fetch(`${s.url}${body.imageUrl}`);
    expect(served.status).toBe(200);
    const pieces = await s.db.db.selectFrom('fashion_items').select('name').where('image_id', '=', row.id).orderBy('position').execute();
    expect(pieces.map((p) => p.name)).toEqual(body.fashionItems.map((i: { name: string }) => i.name));

    const [audit] = await s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'admin.generator.generate').orderBy('id', 'desc').limit(1).execute();
    expect(audit).toMatchObject({ actor: 'ops', actor_kind: 'admin', target_type: 'image', target_id: row.id });
    expect(audit!.details).toMatchObject({ input: { gender: 'Female', selection_type: 'trend', selection_id: 'boho_chic' } });
  });

  it('takes a palette or an occasion by id or name', async () => {
    for (const [type, id] of [['color', 'Ocean Depths'], ['occasion', 'office']] as const) {
      let res;
      for (let i = 0; i < 4; i++) {
        res = await s.call('POST', '/api/admin/generator/generate', { gender: 'Male', selection_type: type, selection_id: id }, { token: admin });
        if (res.status === 200) break;
      }
      expect(res!.status, JSON.stringify(res!.body)).toBe(200);
      const row = await s.db.db.selectFrom('generated_images').select(['gender', 'selection_kind', 'selection_id']).where('id', '=', res!.body.imageId).executeTakeFirstOrThrow();
      expect(row).toEqual({ gender: 'male', selection_kind: type === 'color' ? 'palette' : 'occasion', selection_id: type === 'color' ? 'ocean_depths' : 'office' });
    }
  });

  it.each([
    [{ selection_type: 'trend', selection_id: 'boho_chic' }, 'Please select a gender to generate your outfit.'],
    [{ gender: 'Female' }, 'Please choose a trend, color palette, or occasion to generate your image.'],
    [{ gender: 'Female', selection_type: 'trend' }, 'Please choose a trend, color palette, or occasion to generate your image.'],
    [{ gender: 'Robot', selection_type: 'trend', selection_id: 'boho_chic' }, 'Unknown gender: Robot. Choose Female or Male.'],
    [{ gender: 'Female', selection_type: 'trend', selection_id: 'preppy' }, 'Unknown trend: preppy'],
    [{ gender: 'Female', selection_type: 'occasion', selection_id: 'beach' }, 'Unknown occasion: beach'],
    [{ gender: 'Female', selection_type: 'trend', selection_id: 'denim', body_shape_id: 'apple' }, 'Unknown body shape: apple'],
  ])('refuses %j with 400 and the message, rendering nothing', async (input, message) => {
    const before = await countImages();
    const res = await s.call('POST', '/api/admin/generator/generate', input, { token: admin });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_input', message } });
    expect(await countImages()).toBe(before);
  });

  it('refuses an unknown selection type or field with 400', async () => {
    expect((await s.call('POST', '/api/admin/generator/generate', { gender: 'Female', selection_type: 'vibe', selection_id: 'x' }, { token: admin })).status).toBe(400);
    expect((await s.call('POST', '/api/admin/generator/generate', { gender: 'Female', selection_type: 'trend', selection_id: 'denim', extra: 1 }, { token: admin })).status).toBe(400);
  });
});

describe('a failing image provider', () => {
  let f: TestServer;
  let token: string;
  beforeAll(async () => {
    f = await startTestServer({ pipeline: true, failingProvider: true });
    await bootstrapAdmin(f.db.db, 'ops', 'correct horse');
    token = (await f.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  });
  afterAll(() => f.close());

  it("answers the generation error ('Generation Issue' on the screen) and logs no action", async () => {
    const res = await f.call('POST', '/api/admin/generator/generate', { gender: 'Female', selection_type: 'occasion', selection_id: 'party' }, { token });
    expect(res).toMatchObject({ status: 503, body: { error: 'generation_failed', message: "We couldn't generate the image right now. Please try again." } });
    expect(await f.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'admin.generator.generate').execute()).toEqual([]);
    expect(Number((await f.db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
  }, 120_000);
});
