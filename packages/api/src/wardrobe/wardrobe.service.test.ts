import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '@drape/contracts';
import { COLLECTION_PREVIEW, wardrobeListInput, wardrobeMessages } from '@drape/contracts/wardrobe';
import { insertWardrobeItem } from '@drape/db';
import { register } from '../auth/registration.service';
import { shareOutfit } from '../share/share.service';
import { insertLook, type TestLook } from '../testing/looks';
import { createTestServices, type TestServices } from '../testing/services';
import {
  listWardrobe, removeFromWardrobe, saveToWardrobe, updateWardrobeNotes, wardrobeCollections, wardrobeContains,
} from './wardrobe.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

async function member(tier: Tier = 'stylist') {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  const answer = await register(t.services, t.req(), {
    email: `wardrobe${stamp}@example.com`, password: 'a long passphrase', username: `wr${stamp}`, firstName: 'W', lastName: 'W', turnstileToken: await t.solveBotCheck(),
  });
  await t.db.db.updateTable('users').set({ tier }).where('id', '=', answer.user.id).execute();
  return t.db.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
}

/** A look served to the user by Get My Look. */
async function servedTo(userId: string, look: TestLook = {}): Promise<string> {
  const id = await insertLook(t.db.db, look);
  await t.db.db.insertInto('image_views').values({ user_id: userId, image_id: id }).execute();
  return id;
}

const list = (user: Awaited<ReturnType<typeof member>>, input: Record<string, unknown> = {}) => listWardrobe(t.services, user, wardrobeListInput.parse(input));

describe('saveToWardrobe', () => {
  it('saves a look served to the user, a LookBook look and a shared look, each with its pieces and fields', async () => {
    const [me, other] = [await member(), await member()];
    const served = await servedTo(me.id, { combination: { gender: 'male', trend: 'boho_chic', styleVibe: 'elegant' }, colors: ['navy', 'white', 'navy', 'brown'] });
    const answer = await saveToWardrobe(t.services, me, served);
    expect(answer).toMatchObject({ success: true, saved: 1, cap: 20 });
    expect(answer.item).toMatchObject({
      imageId: served, notes: null, gender: 'male', trend: 'Boho Chic', occasion: null, styleVibe: 'Elegant',
      selection: { kind: 'trend', id: 'boho_chic', name: 'Boho Chic' }, colors: ['navy', 'white', 'brown'], saved: true, status: 'viewable',
      imageUrl: expect.stringContaining('/media/looks/'),
    });
    expect(answer.item.id).not.toBe(served);
    expect(answer.item.fashionItems.map((p) => p.colorFamily)).toEqual(['navy', 'white', 'navy', 'brown']);

    const inLookbook = await insertLook(t.db.db, { status: 'lookbook' });
    expect((await saveToWardrobe(t.services, me, inLookbook)).saved).toBe(2);
    const shared = await servedTo(other.id);
    await shareOutfit(t.services, other, shared);
    expect((await saveToWardrobe(t.services, me, shared)).saved).toBe(3);
  });

  it('answers already_saved to a second save, and not_found for an unknown, unseen or archived look', async () => {
    const [me, other] = [await member('fashion_icon'), await member()];
    const id = await servedTo(me.id);
    await saveToWardrobe(t.services, me, id);
    await expect(saveToWardrobe(t.services, me, id)).rejects.toMatchObject({ appCode: 'already_saved', message: wardrobeMessages.alreadySaved });
    const othersLook = await servedTo(other.id);
    const archived = await servedTo(me.id, { status: 'archived' });
    for (const target of [othersLook, archived, crypto.randomUUID()]) {
      await expect(saveToWardrobe(t.services, me, target)).rejects.toMatchObject({ appCode: 'not_found' });
    }
    expect((await wardrobeContains(t.db.db, me, [id, othersLook, archived])).imageIds).toEqual([id]);
  });

  it('refuses the 21st save of a Stylist, also from two tabs at once, and not a Fashion Icon', async () => {
    const stylist = await member('stylist');
    for (let i = 0; i < 19; i++) await insertWardrobeItem(t.db.db, stylist.id, await servedTo(stylist.id));
    const [a, b] = [await servedTo(stylist.id), await servedTo(stylist.id)];
    const outcomes = await Promise.allSettled([saveToWardrobe(t.services, stylist, a), saveToWardrobe(t.services, stylist, b)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { appCode: 'wardrobe_full', message: 'Wardrobe Full!' } });
    expect((await wardrobeContains(t.db.db, stylist, [])).saved).toBe(20);

    const icon = await member('fashion_icon');
    for (let i = 0; i < 20; i++) await insertWardrobeItem(t.db.db, icon.id, await servedTo(icon.id));
    expect(await saveToWardrobe(t.services, icon, await servedTo(icon.id))).toMatchObject({ saved: 21, cap: null });
  });

  it('refuses an Enthusiast everything but the saved-state question', async () => {
    const me = await member('enthusiast');
    const id = await servedTo(me.id);
    await expect(saveToWardrobe(t.services, me, id)).rejects.toMatchObject({ appCode: 'tier_required' });
    await expect(list(me)).rejects.toMatchObject({ appCode: 'tier_required' });
    await expect(wardrobeCollections(t.services, me)).rejects.toMatchObject({ appCode: 'tier_required' });
    await expect(removeFromWardrobe(t.services, me, id)).rejects.toMatchObject({ appCode: 'tier_required' });
    await expect(updateWardrobeNotes(t.services, me, { id: crypto.randomUUID(), notes: 'x' })).rejects.toMatchObject({ appCode: 'tier_required' });
    expect(await wardrobeContains(t.db.db, me, [id])).toEqual({ saved: 0, cap: 0, imageIds: [] });
  });
});

describe('listWardrobe', () => {
  it('pages newest or oldest first with the total, and filters by gender, occasion, trend, palette and style', async () => {
    const me = await member('fashion_icon');
    const looks: TestLook[] = [
      { combination: { gender: 'female', occasion: 'office', styleVibe: 'casual' } },
      { combination: { gender: 'male', occasion: 'office' } },
      { combination: { gender: 'female', trend: 'denim', styleVibe: 'casual' } },
      { combination: { gender: 'female', palette: 'sunset_sorbet', styleVibe: 'elegant' } },
      { combination: { gender: 'male', occasion: 'party', styleVibe: 'elegant' } },
    ];
    const ids: string[] = [];
    for (const look of looks) {
      const id = await servedTo(me.id, look);
      await saveToWardrobe(t.services, me, id);
      ids.push(id);
    }
    const imageIds = (page: { items: { imageId: string }[] }) => page.items.map((i) => i.imageId);

    const all = await list(me);
    expect(all).toMatchObject({ total: 5, saved: 5, cap: null, hasMore: false, limit: 50, offset: 0 });
    expect(imageIds(all)).toEqual([...ids].reverse());
    expect(imageIds(await list(me, { sortBy: 'oldest' }))).toEqual(ids);
    const first = await list(me, { limit: '2' });
    expect(first).toMatchObject({ total: 5, hasMore: true });
    expect(imageIds(first)).toEqual([ids[4], ids[3]]);
    const last = await list(me, { limit: 2, offset: 4 });
    expect(last).toMatchObject({ hasMore: false });
    expect(imageIds(last)).toEqual([ids[0]]);

    expect(imageIds(await list(me, { gender: 'male' }))).toEqual([ids[4], ids[1]]);
    expect(imageIds(await list(me, { occasion: 'Office' }))).toEqual([ids[1], ids[0]]);
    expect(imageIds(await list(me, { occasion: 'office', gender: 'female' }))).toEqual([ids[0]]);
    expect(imageIds(await list(me, { trend: 'Denim' }))).toEqual([ids[2]]);
    expect(imageIds(await list(me, { trend: 'sunset_sorbet' }))).toEqual([ids[3]]);
    expect(imageIds(await list(me, { trend: 'Party' }))).toEqual([ids[4]]);
    expect(imageIds(await list(me, { styleVibe: 'Elegant' }))).toEqual([ids[4], ids[3]]);
    // A look has one selection: an occasion and a different trend together match nothing.
    expect(await list(me, { occasion: 'office', trend: 'denim' })).toMatchObject({ items: [], total: 0, saved: 5 });
    expect((await list(me, { gender: 'all', occasion: '', trend: 'undefined' })).total).toBe(5);
    await expect(list(me, { trend: 'Grunge' })).rejects.toMatchObject({ appCode: 'invalid_input', message: "trend: 'Grunge' is not a trend, color palette or occasion" });
    await expect(list(me, { occasion: 'Denim' })).rejects.toMatchObject({ appCode: 'invalid_input' });
  });

  it("shows only the caller's own looks", async () => {
    const [me, other] = [await member(), await member()];
    const shared = await insertLook(t.db.db, { status: 'lookbook' });
    await saveToWardrobe(t.services, other, shared);
    await saveToWardrobe(t.services, other, await servedTo(other.id));
    expect(await list(me)).toMatchObject({ items: [], total: 0, saved: 0 });
    await saveToWardrobe(t.services, me, shared);
    expect((await list(me)).items.map((i) => i.imageId)).toEqual([shared]);
    expect((await list(other)).total).toBe(2);
  });
});

describe('listWardrobe by cursor (the infinite scroll)', () => {
  it('walks the same entries as offset pages, newest or oldest, filtered, and a removal between pages skips nothing', async () => {
    const me = await member('fashion_icon');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await servedTo(me.id, { combination: { gender: i % 2 ? 'male' : 'female', occasion: 'office', styleVibe: i % 3 ? 'casual' : 'elegant' } });
      await saveToWardrobe(t.services, me, id);
      ids.push(id);
    }
    // Saved in one second by the loop: distinct times all the same, so order by (created_at, id) is what pages.
    const imageIds = (page: { items: { imageId: string }[] }) => page.items.map((i) => i.imageId);
    const walk = async (input: Record<string, unknown>) => {
      const pages = [await list(me, input)];
      while (pages.at(-1)!.nextCursor) pages.push(await list(me, { ...input, cursor: pages.at(-1)!.nextCursor }));
      return pages;
    };
    for (const input of [{}, { sortBy: 'oldest' }, { gender: 'male' }, { styleVibe: 'casual' }, { sortBy: 'oldest', styleVibe: 'elegant' }]) {
      const byOffset = imageIds(await list(me, input));
      const pages = await walk({ ...input, limit: 2 });
      expect(pages.flatMap(imageIds), JSON.stringify(input)).toEqual(byOffset);
      expect(pages.map((p) => p.offset)).toEqual(pages.map((_, i) => i * 2));
      expect(pages.at(-1)).toMatchObject({ hasMore: false, nextCursor: null });
    }
    const newest = imageIds(await list(me));
    const first = await list(me, { limit: 3 });
    await removeFromWardrobe(t.services, me, newest[1]!);
    expect(imageIds(await list(me, { limit: 3, cursor: first.nextCursor }))).toEqual(newest.slice(3, 6));
    await expect(list(me, { cursor: 'bm90IGEgY3Vyc29y' })).rejects.toMatchObject({ appCode: 'invalid_input' });
  });
});

describe('wardrobeCollections', () => {
  it('groups by occasion, style and trend with counts, the newest previews, icons and the filter that opens each', async () => {
    const me = await member('fashion_icon');
    const save = async (look: TestLook) => {
      const id = await servedTo(me.id, look);
      await saveToWardrobe(t.services, me, id);
      return id;
    };
    const office: string[] = [];
    for (let i = 0; i < COLLECTION_PREVIEW + 1; i++) office.push(await save({ combination: { gender: 'female', occasion: 'office', styleVibe: 'elegant' } }));
    const denim = await save({ combination: { gender: 'male', trend: 'denim' } });
    const sorbet = await save({ combination: { gender: 'female', palette: 'sunset_sorbet', styleVibe: 'playful' } });

    const { collections } = await wardrobeCollections(t.services, me);
    expect(collections.map((c) => [c.id, c.type, c.itemCount])).toEqual([
      ['occasion:office', 'occasion', 5],
      ['style:elegant', 'style', 5],
      ['style:playful', 'style', 1],
      ['trend:denim', 'trend', 1],
      ['palette:sunset_sorbet', 'trend', 1],
    ]);
    const officeCollection = collections[0]!;
    expect(officeCollection).toMatchObject({ name: 'Office', icon: 'briefcase', description: 'Looks you saved for Office', filter: { occasion: 'office' } });
    expect(officeCollection.items.map((i) => i.imageId)).toEqual(office.slice(1).reverse());
    expect(officeCollection.items[0]).toMatchObject({ imageUrl: expect.stringContaining('/media/looks/'), thumbnailUrl: expect.stringContaining('.thumb.webp'), status: 'viewable' });
    expect(collections[1]).toMatchObject({ name: 'Elegant', icon: 'sparkles', filter: { styleVibe: 'elegant' } });
    expect(collections[4]).toMatchObject({ name: 'Sunset Sorbet', icon: 'palette', filter: { trend: 'sunset_sorbet' }, items: [{ imageId: sorbet }] });
    expect(collections[3]).toMatchObject({ name: 'Denim', icon: 'trending-up', filter: { trend: 'denim' }, items: [{ imageId: denim }] });
    // Each collection's filter lists exactly its looks.
    for (const c of collections) expect((await list(me, c.filter)).total).toBe(c.itemCount);
  });

  it('is empty for an empty wardrobe', async () => {
    expect(await wardrobeCollections(t.services, await member())).toEqual({ collections: [] });
  });
});

describe('removeFromWardrobe', () => {
  it('removes by image id and answers removed false the second time', async () => {
    const me = await member();
    const id = await servedTo(me.id);
    await saveToWardrobe(t.services, me, id);
    expect(await removeFromWardrobe(t.services, me, id)).toEqual({ success: true, removed: true, saved: 0, cap: 20 });
    expect(await removeFromWardrobe(t.services, me, id)).toEqual({ success: true, removed: false, saved: 0, cap: 20 });
  });

  it("never removes another user's saved look", async () => {
    const [me, other] = [await member(), await member()];
    const id = await insertLook(t.db.db, { status: 'lookbook' });
    await saveToWardrobe(t.services, other, id);
    expect((await removeFromWardrobe(t.services, me, id)).removed).toBe(false);
    expect((await wardrobeContains(t.db.db, other, [id])).imageIds).toEqual([id]);
  });
});

describe('updateWardrobeNotes', () => {
  it("sets and clears the owner's notes, and answers not found for another user's item, leaving it unchanged", async () => {
    const [me, other] = [await member(), await member()];
    const { item } = await saveToWardrobe(t.services, me, await servedTo(me.id));
    expect(await updateWardrobeNotes(t.services, me, { id: item.id, notes: '  Wear with the\ngold hoops  ' })).toEqual({ success: true, id: item.id, notes: 'Wear with the\ngold hoops' });
    expect((await list(me)).items[0]!.notes).toBe('Wear with the\ngold hoops');
    await expect(updateWardrobeNotes(t.services, other, { id: item.id, notes: 'mine now' })).rejects.toMatchObject({ appCode: 'not_found', message: wardrobeMessages.notFound });
    expect((await list(me)).items[0]!.notes).toBe('Wear with the\ngold hoops');
    expect(await updateWardrobeNotes(t.services, me, { id: item.id, notes: '' })).toEqual({ success: true, id: item.id, notes: null });
  });
});
