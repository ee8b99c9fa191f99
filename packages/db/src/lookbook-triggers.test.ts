import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Combination } from '@drape/contracts';
import { combinationColumns } from './combination-columns';
import { createTestDatabase, type TestDatabase } from './testing';
import { insertWardrobeItem } from './wardrobe-rows';
import type { ImageStatus } from './schema';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const look: Combination = { gender: 'female', trend: 'boho_chic', styleVibe: 'elegant' };

async function image(status: ImageStatus, colors: ('navy' | 'gold' | 'red')[] = ['navy', 'gold']): Promise<string> {
  const columns = combinationColumns(look);
  const { combination_code: code, ...combination } = columns;
  await t.db.insertInto('combinations').values({ code, ...combination, enhanced_prompt: 'p', active: true }).onConflict((oc) => oc.column('code').doNothing()).execute();
  const jobId = crypto.randomUUID();
  const row = await t.db.insertInto('generated_images').values({
    job_id: jobId, ...columns, status, storage_key: `looks/${jobId}.webp`, thumb_key: `looks/${jobId}.thumb.webp`, width: 768, height: 1024,
    bytes: 1, quality_score: 90, quality: '{}', safety_score: 99, color_families: colors, seed: 1, prompt: 'p', provider: 'atelier',
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const state = (id: string) => t.db.selectFrom('generated_images').select(['status', 'lookbook_at']).where('id', '=', id).executeTakeFirstOrThrow();
const colorsOf = async (id: string) =>
  (await t.db.selectFrom('lookbook_colors').select(['color', 'gender', 'lookbook_at']).where('image_id', '=', id).orderBy('color').execute());

describe('the LookBook triggers of migration 0009', () => {
  it('stamp a look entering the LookBook and index its colors; leaving clears both', async () => {
    const id = await image('viewable');
    expect((await state(id)).lookbook_at).toBeNull();
    expect(await colorsOf(id)).toEqual([]);

    await t.db.updateTable('generated_images').set({ status: 'lookbook', curated_by: 'auto' }).where('id', '=', id).execute();
    const entered = await state(id);
    expect(entered.lookbook_at).toBeInstanceOf(Date);
    const rows = await colorsOf(id);
    expect(rows.map((r) => r.color)).toEqual(['gold', 'navy']);
    expect(rows.every((r) => r.gender === 'female' && r.lookbook_at.getTime() === entered.lookbook_at!.getTime())).toBe(true);

    // An unrelated change keeps the stamp: the look keeps its place in the LookBook's order.
    await t.db.updateTable('generated_images').set({ in_showcase: true }).where('id', '=', id).execute();
    await t.db.updateTable('generated_images').set({ status: 'lookbook' }).where('id', '=', id).execute();
    expect((await state(id)).lookbook_at!.getTime()).toBe(entered.lookbook_at!.getTime());

    await t.db.updateTable('generated_images').set({ color_families: ['red'] }).where('id', '=', id).execute();
    expect((await colorsOf(id)).map((r) => r.color)).toEqual(['red']);

    await t.db.updateTable('generated_images').set({ status: 'archived' }).where('id', '=', id).execute();
    expect(await state(id)).toEqual({ status: 'archived', lookbook_at: null });
    expect(await colorsOf(id)).toEqual([]);
  });

  it('keep the stamp a writer gives on insert, and the color rows go with a deleted look', async () => {
    const id = await image('lookbook', ['navy']);
    expect((await state(id)).lookbook_at).toBeInstanceOf(Date);
    expect((await colorsOf(id)).map((r) => r.color)).toEqual(['navy']);
    await t.db.deleteFrom('generated_images').where('id', '=', id).execute();
    expect(await colorsOf(id)).toEqual([]);
  });
});

describe('insertWardrobeItem', () => {
  it("copies the look's gender, selection and vibe, once per user and look, and nothing for an unknown look", async () => {
    const user = await t.db.insertInto('users').values({ email: 'w@example.com', username: 'wardrobe_t', first_name: 'W', last_name: 'W', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const id = await image('viewable');
    const first = await insertWardrobeItem(t.db, user.id, id);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await insertWardrobeItem(t.db, user.id, id)).toBeUndefined();
    expect(await insertWardrobeItem(t.db, user.id, crypto.randomUUID())).toBeUndefined();
    const row = await t.db.selectFrom('wardrobe_items').select(['gender', 'selection_kind', 'selection_id', 'style_vibe']).where('id', '=', first!).executeTakeFirstOrThrow();
    expect(row).toEqual({ gender: 'female', selection_kind: 'trend', selection_id: 'boho_chic', style_vibe: 'elegant' });
  });
});
