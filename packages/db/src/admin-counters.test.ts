import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Combination } from '@drape/contracts';
import { countAdminFigures, readAdminCounts } from './admin-counters';
import { combinationColumns } from './combination-columns';
import { createTestDatabase, type TestDatabase } from './testing';
import type { ImageStatus } from './schema';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const look: Combination = { gender: 'male', occasion: 'office' };

async function image(status: ImageStatus = 'viewable', createdAt?: Date): Promise<string> {
  const columns = combinationColumns(look);
  const { combination_code: code, ...combination } = columns;
  await t.db.insertInto('combinations').values({ code, ...combination, enhanced_prompt: 'p', active: true }).onConflict((oc) => oc.column('code').doNothing()).execute();
  const jobId = crypto.randomUUID();
  const row = await t.db.insertInto('generated_images').values({
    job_id: jobId, ...columns, status, storage_key: `looks/${jobId}.webp`, thumb_key: `looks/${jobId}.thumb.webp`, width: 768, height: 1024,
    bytes: 1, quality_score: 90, quality: '{}', safety_score: 99, color_families: ['navy'], seed: 1, prompt: 'p', provider: 'atelier',
    ...(createdAt ? { created_at: createdAt } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function user(name: string): Promise<string> {
  const row = await t.db.insertInto('users').values({ email: `${name}@example.com`, username: name, first_name: 'A', last_name: 'B', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Combinations whose image_count differs from their looks (kept by the same triggers). */
async function driftedCombinations(): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from combinations c
    where c.image_count <> (select count(*) from generated_images gi where gi.combination_code = c.code)`.execute(t.db);
  return r.rows[0]!.n;
}

const expectExact = async () => {
  expect(await readAdminCounts(t.db)).toEqual(await countAdminFigures(t.db));
  expect(await driftedCombinations()).toBe(0);
};

describe('the admin counters of migration 0011', () => {
  it('follow single inserts, status changes, views, accounts and deletes', async () => {
    await expectExact();
    const a = await image();
    const b = await image('lookbook');
    const old = await image('viewable', new Date(Date.now() - 3 * 86_400_000));
    const u = await user('counted_one');
    await user('counted_two');
    await t.db.insertInto('image_views').values([{ user_id: u, image_id: a }, { user_id: u, image_id: b }]).execute();
    await expectExact();
    expect((await readAdminCounts(t.db)).images).toMatchObject({ viewable: 2, lookbook: 1 });
    expect((await readAdminCounts(t.db)).createdOnDay).toBe(2);

    await t.db.updateTable('generated_images').set({ status: 'archived' }).where('id', '=', a).execute();
    await t.db.updateTable('generated_images').set({ in_showcase: true }).where('id', '=', b).execute();
    await expectExact();
    // A changed creation time moves the look to its new day.
    await t.db.updateTable('generated_images').set({ created_at: new Date() } as never).where('id', '=', old).execute();
    await expectExact();

    // Deleting a look takes its views with it (cascade), and deleting an account its own.
    await t.db.deleteFrom('generated_images').where('id', '=', b).execute();
    await expectExact();
    await t.db.deleteFrom('users').where('id', '=', u).execute();
    await expectExact();
    expect((await readAdminCounts(t.db)).imageViews).toBe(0);
  });

  it('follow bulk INSERT ... SELECT, bulk status updates and bulk deletes, one statement each', async () => {
    const first = await image();
    // The seeding script's shape: thousands of clones in one statement, spread over 60 days.
    await sql`
      insert into generated_images (job_id, combination_code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone, status,
        storage_key, thumb_key, width, height, bytes, quality_score, quality, safety_score, color_families, seed, prompt, provider, created_at)
      select 'bulk-' || n, combination_code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone,
             case when n % 10 = 0 then 'lookbook' else 'viewable' end, storage_key, thumb_key, width, height, bytes, 60 + n % 40, quality,
             safety_score, color_families, seed, prompt, provider, now() - (n % 60) * interval '1 day'
      from generated_images, generate_series(1, 5000) as n where id = ${first}`.execute(t.db);
    await sql`insert into users (email, username, first_name, last_name, password_hash) select 'bulk' || n || '@example.com', 'bulk_' || n, 'A', 'B', 'x' from generate_series(1, 300) n`.execute(t.db);
    await sql`insert into image_views (user_id, image_id) select u.id, gi.id from users u, generated_images gi where u.username like 'bulk_%' and gi.job_id like 'bulk-1_'`.execute(t.db);
    await expectExact();
    expect((await readAdminCounts(t.db)).images.lookbook).toBe(500);

    await t.db.updateTable('generated_images').set({ status: 'archived' }).where('quality_score', '<', 70).execute();
    await t.db.updateTable('generated_images').set({ status: 'lookbook' }).where('status', '=', 'viewable').where('quality_score', '>', 95).execute();
    await expectExact();
    await t.db.deleteFrom('generated_images').where('status', '=', 'archived').execute();
    await t.db.deleteFrom('users').where('username', 'like', 'bulk_1%').execute();
    await expectExact();
  });

  it('start again from zero after a TRUNCATE', async () => {
    await image();
    await sql`truncate image_views, generated_images cascade`.execute(t.db);
    await expectExact();
    await image();
    await expectExact();
  });
});
