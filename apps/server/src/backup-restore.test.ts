import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { ensureMatrix } from '@drape/boot';
import { migrate, type Db } from '@drape/db';
import { createTestDatabase } from '@drape/db/testing';
import { restoreBackup, writeBackup, type BackupManifest, type RestoreSummary } from '@drape/operations';
import { FULL, recordCase } from '@drape/stress';
import { createS3Storage, createStorage } from '@drape/storage';
import { startS3rver } from '@drape/storage/testing';
import { blockLook } from './testing/blocked';
import { copyLook, curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * The backup round trip (docs/decisions/0021-backups.md): a server's looks (made by the pipeline's
 * own job), LookBook, blocked images, accounts, wardrobes with notes, shares and views are backed
 * up, restored into a new empty database and a new image store, and a second server started on
 * what was restored finds every one of them through its API, pictures byte for byte.
 */
const env = { PROMO_CODES: 'ICON:fashion_icon' };
/** More rows for `npm run stress`: copies of a stocked look (their own rows and pieces, its files). */
const COPIES = FULL ? 5_000 : 20;

/** A table's rows as one digest: equal digests, equal rows. */
async function tableDigest(db: Db, table: string): Promise<string> {
  const { rows } = await sql<{ digest: string }>`select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest from ${sql.table(table)} t`.execute(db);
  return rows[0]!.digest;
}

const bytesAt = async (url: string, token?: string) => {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe.each(['local', 's3'] as const)('backup and restore, images on %s', (kind) => {
  let source: TestServer;
  let restored: TestServer;
  let manifest: BackupManifest;
  let summary: RestoreSummary;
  const timings = { backupMs: 0, restoreMs: 0 };
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-backup-'));
  const world = {} as {
    user: { token: string; email: string; password: string };
    adminToken: string;
    served: { id: string; imageUrl: string; thumbnailUrl: string };
    lookbook: string;
    stocked: string[];
    blocked: string;
    wardrobe: { id: string; imageId: string; notes: string | null }[];
  };

  beforeAll(async () => {
    // With S3 the deployment's objects sit under a prefix, beside another deployment's in the same bucket.
    const s3 = kind === 's3' ? await startS3rver({ prefix: 'prod' }) : undefined;
    source = await startTestServer(s3
      ? { env, adopt: { db: await createTestDatabase(), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'drape-it-')), s3 } }
      : { env });
    if (s3) {
      const neighbour = createS3Storage({ ...s3.options, prefix: 'staging' });
      await neighbour.put('public', 'looks/not-ours.webp', Buffer.from('another deployment'));
      await neighbour.close();
    }
    await ensureMatrix(source.db.db);
    world.stocked = [
      await stockLook(source, { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' }),
      await stockLook(source, { gender: 'male', occasion: 'office', styleVibe: 'elegant' }),
    ];
    world.lookbook = world.stocked[1]!;
    await curate(source, [world.lookbook]);
    world.blocked = await blockLook(source, { gender: 'female', palette: 'ocean_depths' });
    await bootstrapAdmin(source.db.db, 'ops', 'correct horse battery');
    world.adminToken = (await source.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse battery' })).body.token;

    const u = await source.register({ promoCode: 'ICON' });
    world.user = u;
    // Get My Look serves the stocked Boho Chic look (a view), which is then shared and saved with a note.
    const served = await source.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'Boho Chic' }, { token: u.token });
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    world.served = served.body;
    expect((await source.call('POST', '/api/share/outfit', { imageId: world.served.id }, { token: u.token })).status).toBe(200);
    for (const imageId of [world.served.id, world.lookbook]) expect((await source.call('POST', '/api/siims/wardrobe', { imageId }, { token: u.token })).status).toBe(201);
    const list = (await source.call('GET', '/api/siims/wardrobe', undefined, { token: u.token })).body.items as { id: string; imageId: string }[];
    const noted = list.find((i) => i.imageId === world.served.id)!;
    expect((await source.call('PATCH', `/api/siims/wardrobe/${noted.id}/notes`, { notes: 'With the camel coat.\nNo belt.' }, { token: u.token })).status).toBe(200);
    world.wardrobe = (await source.call('GET', '/api/siims/wardrobe', undefined, { token: u.token })).body.items;

    // In flight at the moment of the backup: a batch running, a generation holding a reservation.
    await source.db.db.insertInto('batch_jobs').values({ kind: 'sequential', status: 'running' }).execute();
    await source.db.db.updateTable('daily_usage').set({ reserved: 1 }).where('user_id', '=', u.user.id).execute();

    for (let i = 0; i < COPIES; i++) await copyLook(source, world.stocked[0]!, new Date(Date.now() - i * 1000));

    const started = performance.now();
    manifest = await writeBackup({ url: source.db.url, storage: source.storage, dir: backupDir });
    timings.backupMs = Math.round(performance.now() - started);

    // A new install: an empty database, an empty DATA_DIR, an empty bucket (a prefix of its own).
    const target = { db: await createTestDatabase({ empty: true }), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'drape-restored-')), s3: kind === 's3' ? await startS3rver({ prefix: 'restored' }) : undefined };
    const storage = createStorage({ dataDir: target.dataDir, ...(target.s3 ? { s3: target.s3.options } : {}) });
    try {
      const restoring = performance.now();
      summary = await restoreBackup({ url: target.db.url, storage, dir: backupDir });
      timings.restoreMs = Math.round(performance.now() - restoring);
    } finally {
      await storage.close();
    }
    restored = await startTestServer({ env, adopt: target });
  }, 180_000);

  afterAll(async () => {
    await source?.close();
    await restored?.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('brings back every table row for row, at the migration level and sequences it had', async () => {
    expect(manifest.database.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'generated_images', 'fashion_items', 'wardrobe_items', 'blocked_images', 'image_views', 'outfit_shares', 'sessions', 'settings']));
    // Referenced tables come before the tables that reference them.
    const at = (t: string) => manifest.database.tables.findIndex((e) => e.name === t);
    expect(at('users')).toBeLessThan(at('wardrobe_items'));
    expect(at('combinations')).toBeLessThan(at('generated_images'));
    expect(at('generated_images')).toBeLessThan(at('fashion_items'));
    for (const table of manifest.database.tables) {
      if (table.name === 'batch_jobs' || table.name === 'daily_usage') continue;
      expect(await tableDigest(restored.db.db, table.name), table.name).toBe(await tableDigest(source.db.db, table.name));
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table.name)}`.execute(restored.db.db);
      expect(rows[0]!.n, table.name).toBe(table.rows);
    }
    const sequences = async (db: Db) => (await sql<{ name: string; value: string }>`select sequencename as name, coalesce(last_value, 0)::text as value from pg_sequences where schemaname = 'public' order by 1`.execute(db)).rows;
    expect(await sequences(restored.db.db)).toEqual(await sequences(source.db.db));
    expect(manifest.database.sequences.length).toBeGreaterThan(0);
    // The indexes and foreign keys set aside for the load are all back, as they were.
    const schema = async (db: Db) => ({
      indexes: (await sql<{ def: string }>`select indexdef as def from pg_indexes where schemaname = 'public' order by indexname`.execute(db)).rows,
      constraints: (await sql<{ def: string }>`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated as def from pg_constraint where connamespace = 'public'::regnamespace order by conname`.execute(db)).rows,
      triggers: (await sql<{ def: string }>`select tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text as def from pg_trigger where not tgisinternal order by tgname`.execute(db)).rows,
    });
    expect(await schema(restored.db.db)).toEqual(await schema(source.db.db));
    // The next start finds the database at this version's level: nothing left to migrate.
    expect(await migrate(restored.db.db)).toEqual([]);
    recordCase({
      section: 'backups', name: `backup and restore round trip, images on ${kind}: every row, index, key and trigger as it was`, ok: true,
      figures: { rows: manifest.database.tables.reduce((n, t) => n + t.rows, 0), tables: manifest.database.tables.length, images: manifest.images.count, ...timings },
    });
  });

  it('copies every image of the store, under the prefix only, and no other deployment\'s', async () => {
    const listed: string[] = [];
    for (const area of ['public', 'private'] as const) for await (const page of source.storage.list(area)) for (const o of page) listed.push(`${area}/${o.key}`);
    expect(manifest.images.count).toBe(listed.length);
    // Two looks and a blocked one, each picture with its thumbnail but the blocked one (private,
    // alone), and the shared look's link-preview card.
    expect(listed.filter((k) => k.startsWith('public/'))).toHaveLength(5);
    expect(listed.filter((k) => k.endsWith('.preview.jpg'))).toHaveLength(1);
    expect(listed.filter((k) => k.startsWith('private/'))).toHaveLength(1);
    expect(manifest.images).toMatchObject({ store: kind, vanished: 0 });
    const restoredKeys: string[] = [];
    for (const area of ['public', 'private'] as const) for await (const page of restored.storage.list(area)) for (const o of page) restoredKeys.push(`${area}/${o.key}`);
    expect(restoredKeys.sort()).toEqual(listed.sort());
  });

  it('serves the restored accounts, wardrobes with their notes, and pictures byte for byte', async () => {
    const { user } = world;
    // The session made before the backup goes on, and the password signs in.
    const profile = await restored.call('GET', '/api/user/profile', undefined, { token: user.token });
    expect(profile.status).toBe(200);
    const login = await restored.call('POST', '/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    const wardrobe = await restored.call('GET', '/api/siims/wardrobe', undefined, { token: login.body.token });
    expect(wardrobe.body.items).toEqual(world.wardrobe);
    expect(wardrobe.body.items.find((i: { imageId: string }) => i.imageId === world.served.id).notes).toBe('With the camel coat.\nNo belt.');
    for (const item of wardrobe.body.items as { imageUrl: string; thumbnailUrl: string }[]) {
      for (const url of [item.imageUrl, item.thumbnailUrl]) expect((await bytesAt(`${restored.url}${url}`)).equals(await bytesAt(`${source.url}${url}`)), url).toBe(true);
    }
    const lookbook = await restored.call('GET', '/api/siims/lookbook', undefined, { token: user.token });
    expect(lookbook.body.looks.map((l: { id: string }) => l.id)).toEqual([world.lookbook]);
    // The shared link still unfurls.
    expect((await restored.call('GET', `/api/share/outfit/${world.served.id}`)).status).toBe(200);
  });

  it('keeps the blocked images for review, with their private pictures, and the admin signed in', async () => {
    const list = await restored.call('GET', '/api/admin/blocked-images', undefined, { token: world.adminToken });
    expect(list.status).toBe(200);
    expect(list.body.images.map((i: { id: string }) => i.id)).toEqual([world.blocked]);
    const picture = `/api/admin/blocked-images/${world.blocked}/image`;
    expect((await bytesAt(`${restored.url}${picture}`, world.adminToken)).equals(await bytesAt(`${source.url}${picture}`, world.adminToken))).toBe(true);
  });

  it('keeps counting after the restore: the triggers it turned off for the load are back on', async () => {
    const viewable = async () => Number((await restored.db.db.selectFrom('admin_counters').select((eb) => eb.fn.sum<string>('value').as('n')).where('name', '=', 'images:viewable').executeTakeFirstOrThrow()).n);
    const before = await viewable();
    const id = await stockLook(restored, { gender: 'male', trend: 'denim' });
    expect(await viewable()).toBe(before + 1);
    await curate(restored, [id]);
    expect(await restored.db.db.selectFrom('lookbook_colors').select('image_id').where('image_id', '=', id).execute()).not.toEqual([]);
  });

  it('ends what was in flight at the backup: its pg-boss jobs are not in a backup', async () => {
    expect(manifest.jobs).toMatchObject({ included: false, pgBossVersion: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(summary).toMatchObject({ batchesCancelled: 1, reservationsReleased: 1 });
    expect(await restored.db.db.selectFrom('batch_jobs').select('status').execute()).toEqual([{ status: 'cancelled' }]);
    const usage = await restored.db.db.selectFrom('daily_usage').select(['used', 'reserved']).where('user_id', '=', (await restored.db.db.selectFrom('users').select('id').where('email', '=', world.user.email).executeTakeFirstOrThrow()).id).execute();
    expect(usage.every((u) => u.reserved === 0 && u.used >= 1)).toBe(true);
  });
});
