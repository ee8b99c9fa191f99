import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPerDb, insertWardrobeItem } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { LANDING_CACHE_KEYS, settle, whenLooksMove } from './effects';
import { archive, deleteLooks, feature, publish, unfeature, unpublish } from './status';
import { makeLook } from './testing';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const row = (id: string) =>
  t.db.selectFrom('generated_images').select(['status', 'curated_by', 'in_showcase', 'lookbook_at', 'showcase_at']).where('id', '=', id).executeTakeFirstOrThrow();
const move = (id: string, from: [string, boolean], to: [string, boolean]) =>
  ({ id, from: { status: from[0], inShowcase: from[1] }, to: { status: to[0], inShowcase: to[1] } });

describe("a look's status changes", () => {
  it('publish, feature, unfeature, unpublish and archive say which looks moved from what to what, and leave the rest', async () => {
    const a = await makeLook(t.db);
    const b = await makeLook(t.db, { status: 'archived' });
    const at = new Date('2026-01-02T03:04:05Z');
    expect(await publish(t.db, [a.id, b.id], { by: 'admin', at })).toEqual({
      action: 'publish', looks: expect.arrayContaining([move(a.id, ['viewable', false], ['lookbook', false]), move(b.id, ['archived', false], ['lookbook', false])]),
    });
    expect(await row(a.id)).toMatchObject({ status: 'lookbook', curated_by: 'admin', lookbook_at: at });
    // Already there: nothing moves.
    expect(await publish(t.db, [a.id], { by: 'admin' })).toEqual({ action: 'publish', looks: [] });

    expect(await feature(t.db, a.id)).toEqual({ action: 'feature', looks: [move(a.id, ['lookbook', false], ['lookbook', true])] });
    expect(await feature(t.db, a.id)).toEqual({ action: 'feature', looks: [] });
    expect((await row(a.id)).showcase_at).toBeInstanceOf(Date);
    expect(await unfeature(t.db, a.id)).toEqual({ action: 'unfeature', looks: [move(a.id, ['lookbook', true], ['lookbook', false])] });
    await feature(t.db, a.id);
    // Leaving the LookBook leaves the showcase (migration 0013's trigger), and the record says so.
    expect(await unpublish(t.db, [a.id], { by: 'admin' })).toEqual({ action: 'unpublish', looks: [move(a.id, ['lookbook', true], ['viewable', false])] });
    expect(await row(a.id)).toMatchObject({ status: 'viewable', curated_by: 'admin', in_showcase: false, lookbook_at: null, showcase_at: null });
    // An admin's decision: auto-curation passes it by.
    expect(await publish(t.db, [a.id], { by: 'auto', onlyUncurated: true })).toEqual({ action: 'publish', looks: [] });

    expect(await archive(t.db, [a.id, b.id])).toEqual({
      action: 'archive', looks: expect.arrayContaining([move(a.id, ['viewable', false], ['archived', false]), move(b.id, ['lookbook', false], ['archived', false])]),
    });
    expect(await archive(t.db, [a.id])).toEqual({ action: 'archive', looks: [] });
    // A feature of a look outside the LookBook changes nothing.
    expect(await feature(t.db, a.id)).toEqual({ action: 'feature', looks: [] });
  });

  it('delete takes the rows of looks no wardrobe holds, and says what they were', async () => {
    const kept = await makeLook(t.db, { status: 'lookbook' });
    const gone = await makeLook(t.db, { inShowcase: true });
    const user = await t.db.insertInto('users').values({ email: `k${Date.now()}@example.com`, username: `k${Date.now()}`, first_name: 'K', last_name: 'K', password_hash: 'x' } as never).returning('id').executeTakeFirstOrThrow();
    await insertWardrobeItem(t.db, user.id, kept.id);
    const { change, deleted } = await deleteLooks(t.db, [kept.id, gone.id]);
    expect(change).toEqual({ action: 'delete', looks: [move(gone.id, ['lookbook', true], ['gone', false])] });
    expect(deleted).toEqual([expect.objectContaining({ id: gone.id, storage_key: gone.key, thumb_key: gone.thumbKey })]);
    expect(await t.db.selectFrom('generated_images').select('id').where('id', 'in', [kept.id, gone.id]).execute()).toEqual([{ id: kept.id }]);
  });
});

describe('settle: the one place a change becomes side effects', () => {
  it("drops this process's landing answers and registered copies when a look moved, keeps them when none did", async () => {
    const look = await makeLook(t.db);
    let computed = 0;
    let dropped = 0;
    const stop = whenLooksMove(t.db, () => (dropped += 1));
    const landing = () => cachedPerDb(t.db, LANDING_CACHE_KEYS.stats, 60_000, async () => ++computed);
    expect(await landing()).toBe(1);

    settle(t.db, await publish(t.db, [look.id]));
    expect(await landing()).toBe(2);
    expect(dropped).toBe(1);

    // Published again: nothing moved, nothing dropped.
    settle(t.db, await publish(t.db, [look.id]));
    expect(await landing()).toBe(2);
    expect(dropped).toBe(1);

    stop();
    settle(t.db, await archive(t.db, [look.id]));
    expect(await landing()).toBe(3);
    expect(dropped).toBe(1);
  });
});
