import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyLimit, type Combination } from '@drape/contracts';
import { shareMessages } from '@drape/contracts/share';
import { insertWardrobeItem, type ImageStatus } from '@drape/db';
import { register } from '../auth/registration.service';
import { createTestServices, type TestServices } from '../testing/services';
import { readUsage } from '../generate/usage';
import { isPublicLook, maySeeLook, sharedLookPreview, sharedOutfit, shareOutfit, trackShare } from './share.service';
import { archive } from '@drape/looks';
import { makeLook } from '@drape/looks/testing';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices({ PUBLIC_ORIGIN: 'https://drape.example' });
});
afterAll(() => t.close());

const look: Combination = { gender: 'male', occasion: 'office' };

/** One stored look (rows only: the files are not read here). */
async function image(status: ImageStatus = 'viewable'): Promise<string> {
  return (await makeLook(t.db.db, { combination: look, status })).id;
}

async function member() {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const answer = await register(t.services, t.req(), {
    email: `share${stamp}@example.com`, password: 'a long passphrase', username: `share${stamp}`, firstName: 'S', lastName: 'S', turnstileToken: await t.solveBotCheck(),
  });
  return t.db.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
}

const served = (userId: string, imageId: string) => t.db.db.insertInto('image_views').values({ user_id: userId, image_id: imageId }).execute();

describe('who may share a look', () => {
  it('a user who was served it, keeps it in the wardrobe, or finds it in the LookBook or shared', async () => {
    const [me, other] = [await member(), await member()];
    const [servedToMe, inMyWardrobe, inLookbook, sharedByOther] = [await image(), await image(), await image('lookbook'), await image()];
    await served(me.id, servedToMe);
    await insertWardrobeItem(t.db.db, me.id, inMyWardrobe);
    await served(other.id, sharedByOther);
    await shareOutfit(t.services, other, sharedByOther);
    for (const id of [servedToMe, inMyWardrobe, inLookbook, sharedByOther]) expect(await maySeeLook(t.db.db, me.id, id)).toBe(true);
  });

  it('not a look served to somebody else, an archived look, or an unknown id', async () => {
    const [me, other] = [await member(), await member()];
    const [othersLook, archived] = [await image(), await image('archived')];
    await served(other.id, othersLook);
    await served(me.id, archived);
    for (const id of [othersLook, archived, crypto.randomUUID()]) expect(await maySeeLook(t.db.db, me.id, id)).toBe(false);
  });
});

describe('shareOutfit', () => {
  it('makes the look public and answers its link on the public origin', async () => {
    const me = await member();
    const id = await image();
    await served(me.id, id);
    expect(await isPublicLook(t.db.db, id)).toBe(false);
    expect(await shareOutfit(t.services, me, id)).toEqual({ success: true, shareUrl: `https://drape.example/outfit/${id}` });
    // Sharing again is the same link, not a second row.
    await shareOutfit(t.services, me, id);
    expect(await t.db.db.selectFrom('outfit_shares').selectAll().where('image_id', '=', id).execute()).toHaveLength(1);
    expect(await isPublicLook(t.db.db, id)).toBe(true);
  });

  it('refuses a look the user may not see with the same not-found as an unknown one', async () => {
    const [me, other] = [await member(), await member()];
    const id = await image();
    await served(other.id, id);
    for (const target of [id, crypto.randomUUID()]) {
      await expect(shareOutfit(t.services, me, target)).rejects.toMatchObject({ appCode: 'not_found', message: shareMessages.imageNotFound });
    }
    expect(await isPublicLook(t.db.db, id)).toBe(false);
  });
});

describe('sharedOutfit', () => {
  it('answers a shared look to anyone and counts it as served to a signed-in viewer', async () => {
    const [owner, viewer] = [await member(), await member()];
    const id = await image();
    await served(owner.id, id);
    await shareOutfit(t.services, owner, id);
    const anonymous = await sharedOutfit(t.services, null, id);
    expect(anonymous).toMatchObject({ id, occasion: 'Office', gender: 'male', imageUrl: expect.stringContaining('/media/looks/'), fashionItems: [{ name: 'Navy blazer' }] });
    expect(await maySeeLook(t.db.db, viewer.id, id)).toBe(true);
    expect(await t.db.db.selectFrom('image_views').select('user_id').where('image_id', '=', id).execute()).toEqual([{ user_id: owner.id }]);
    await sharedOutfit(t.services, viewer, id);
    const views = await t.db.db.selectFrom('image_views').select('user_id').where('image_id', '=', id).execute();
    expect(views.map((v) => v.user_id).sort()).toEqual([owner.id, viewer.id].sort());
  });

  it('answers a LookBook look unshared, and not found for an unshared, archived or deleted one', async () => {
    const owner = await member();
    const lookbook = await image('lookbook');
    expect((await sharedOutfit(t.services, null, lookbook)).status).toBe('lookbook');
    const unshared = await image();
    await served(owner.id, unshared);
    const archived = await image();
    await served(owner.id, archived);
    await shareOutfit(t.services, owner, archived);
    await archive(t.db.db, [archived]);
    for (const id of [unshared, archived, crypto.randomUUID()]) {
      await expect(sharedOutfit(t.services, owner, id)).rejects.toMatchObject({ appCode: 'not_found', message: shareMessages.notFound });
      expect(await sharedLookPreview(t.services, id)).toBeNull();
    }
  });

  it('never keeps a look from retention: deleting a shared look takes its shares along', async () => {
    const owner = await member();
    const id = await image();
    await served(owner.id, id);
    await shareOutfit(t.services, owner, id);
    await t.db.db.deleteFrom('generated_images').where('id', '=', id).execute();
    expect(await t.db.db.selectFrom('outfit_shares').selectAll().where('image_id', '=', id).execute()).toEqual([]);
    await expect(sharedOutfit(t.services, null, id)).rejects.toMatchObject({ appCode: 'not_found' });
  });
});

describe('trackShare', () => {
  it('grants the +3 once a day, also to two tabs at once, and answers the new limit', async () => {
    const me = await member();
    const id = await image('lookbook');
    const [a, b] = await Promise.all([trackShare(t.db.db, me, { imageId: id, shareType: 'lookbook' }), trackShare(t.db.db, me, { imageId: id, shareType: 'result' })]);
    expect([a.bonusGranted, b.bonusGranted].sort()).toEqual([false, true]);
    const limit = dailyLimit(me.tier, true);
    expect(limit).toBe(13);
    for (const answer of [a, b]) expect(answer).toEqual({ success: true, bonusGranted: answer.bonusGranted, dailyLimit: limit, used: 0, remaining: limit });
    expect(await readUsage(t.db.db, me.id)).toEqual({ used: 0, sharedToday: true });
  });

  it('keeps the generations already used today', async () => {
    const me = await member();
    const id = await image();
    await served(me.id, id);
    await t.db.db.insertInto('daily_usage').values({ user_id: me.id, day: new Date().toISOString().slice(0, 10), used: 10 }).execute();
    expect(await trackShare(t.db.db, me, { imageId: id, shareType: 'result' })).toEqual({ success: true, bonusGranted: true, dailyLimit: 13, used: 10, remaining: 3 });
  });

  it('refuses a look the user may not see and grants nothing', async () => {
    const [me, other] = [await member(), await member()];
    const id = await image();
    await served(other.id, id);
    await expect(trackShare(t.db.db, me, { imageId: id, shareType: 'wardrobe' })).rejects.toMatchObject({ appCode: 'not_found' });
    expect(await readUsage(t.db.db, me.id)).toEqual({ used: 0, sharedToday: false });
  });
});
