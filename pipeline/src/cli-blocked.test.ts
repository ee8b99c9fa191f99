import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { createStorage, type Storage } from '@drape/storage';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: TestDatabase;
let dataDir: string;
let storage: Storage;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-cli-blocked-'));
  storage = createStorage({ dataDir });
});
afterAll(async () => {
  await storage.close();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function drape(...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('npm run drape -- seed blocked / blocked', () => {
  it('seeds pending blocked images with private pictures, then cleans up the rejected ones with their files and an audit row', async () => {
    expect(drape('seed', 'blocked', '--count', '3')).toMatchObject({ code: 0, out: expect.stringContaining('Seeded 3 blocked images') });
    const rows = await db.db.selectFrom('blocked_images').selectAll().orderBy('blocked_at').execute();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.rejection_reason)).toEqual(['content_safety', 'quality_threshold', 'anatomical_defects']);
    for (const r of rows) {
      expect(r).toMatchObject({ admin_review_status: 'pending', provider: 'atelier', rejection_details: { error: 'seeded' } });
      expect(r.pieces?.length).toBeGreaterThan(2);
      expect(await storage.exists('private', r.storage_key!)).toBe(true);
      expect(await storage.exists('public', r.storage_key!)).toBe(false);
    }

    const [rejected] = rows;
    await db.db.updateTable('blocked_images').set({ admin_review_status: 'rejected', admin_reviewer: 'ops', reviewed_at: new Date() }).where('id', '=', rejected!.id).execute();
    expect(drape('blocked', 'cleanup', '--dry-run')).toMatchObject({ code: 0, out: expect.stringContaining('Would delete 1 blocked images') });
    expect(await db.db.selectFrom('blocked_images').select('id').execute()).toHaveLength(3);
    expect(drape('blocked', 'cleanup')).toMatchObject({ code: 0, out: expect.stringContaining('Deleted 1 blocked images (1 files)') });
    expect(await db.db.selectFrom('blocked_images').select('id').where('id', '=', rejected!.id).executeTakeFirst()).toBeUndefined();
    expect(await storage.exists('private', rejected!.storage_key!)).toBe(false);
    const audit = await db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'admin.blocked.cleanup').execute();
    expect(audit).toEqual([expect.objectContaining({ actor_kind: 'cli', details: { result: { deletedCount: 1 } } })]);
    expect(drape('blocked', 'status')).toMatchObject({ code: 0, out: expect.stringContaining('Blocked images: 2 (pending 2, approved 0, rejected 0, restored 0); 0 eligible for cleanup.') });
  }, 240_000);
});
