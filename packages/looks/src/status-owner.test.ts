import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS_WRITERS_ALLOWED, strayStatusWrites } from './status-owner';

const root = join(import.meta.dirname, '../../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tools', 'coverage', 'test-results', 'playwright-report']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

describe('the look has one owner', () => {
  it('finds the writes it forbids, by Kysely and by SQL, in updates and inserts', () => {
    const stray = [
      `await db.updateTable('generated_images').set({ status: 'lookbook' }).where('id', '=', id).execute();`,
      `await tx.updateTable('generated_images as gi')\n  .set({ curated_by: 'admin', status })\n  .where('gi.id', 'in', ids)\n  .execute();`,
      `await db.updateTable('generated_images').set({ in_showcase: true }).where('id', '=', id).execute();`,
      `await db.insertInto('generated_images').values({ job_id, status: 'archived' }).execute();`,
      'await sql`update generated_images set status = ${s} where id = ${id}`.execute(db);',
      `client.query("update generated_images set status = 'archived' where id = $1", [id]);`,
      'await sql`update generated_images gi set curated_by = null, in_showcase = false from x where gi.id = x.id`.execute(db);',
      'await sql`insert into generated_images (job_id, combination_code, status) values (1, 2, 3)`.execute(db);',
    ];
    for (const source of stray) expect(strayStatusWrites(source), source).toHaveLength(1);
  });

  it('lets every other write and every read of the columns through', () => {
    const fine = [
      `await db.updateTable('generated_images').set({ quality_score: 40 }).where('status', '=', 'viewable').execute();`,
      `await db.updateTable('generated_images').set({ created_at: old }).where('id', '=', id).returning(['id', 'status']).execute();`,
      `await db.selectFrom('generated_images').select(['status']).where('in_showcase', '=', true).execute();`,
      `await db.insertInto('generated_images').values({ job_id, quality_score: 90 }).returning(['status']).execute();`,
      'await sql`update generated_images set quality_score = 99 where status = \'lookbook\'`.execute(db);',
      'await sql`select count(*) from generated_images where status = \'lookbook\'`.execute(db);',
    ];
    for (const source of fine) expect(strayStatusWrites(source), source).toEqual([]);
  });

  it('no file outside packages/looks writes a look\'s status or showcase place (but the migrations and the triggers\' tests)', () => {
    const offenders: string[] = [];
    for (const path of sourceFiles(root)) {
      const name = relative(root, path).split('\\').join('/');
      if (STATUS_WRITERS_ALLOWED.some((allowed) => allowed.test(name))) continue;
      for (const w of strayStatusWrites(readFileSync(path, 'utf8'))) offenders.push(`${name}:${w.line} ${w.text}`);
    }
    expect(offenders).toEqual([]);
  });
});
