import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKBOOK_LISTENER_APPLICATION } from '@drape/api';
import { bootstrapAdmin } from '@drape/auth';
import { ensureMatrix } from '@drape/boot';
import type { Combination } from '@drape/contracts';
import { curateLookbook } from '@drape/operations';
import { copyLook, curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';
import { startSecondServer, within, type SecondServer } from './testing/second-server';
import { archive } from '@drape/looks';
import { insertWardrobeItem } from '@drape/db';

/**
 * The shared LookBook (docs/decisions/0030-lookbook-shared-cache.md) across processes: this
 * file's server (A) and a second server process (B, the product's entry point) on one database.
 * B keeps its LookBook pages and its landing in memory; a change made anywhere (A's admin area,
 * auto-curation as a pipeline worker runs it, a hand-made update) reaches B's next page within a
 * second, by the statement triggers' NOTIFY.
 */
let s: TestServer;
let b: SecondServer;
let adminToken: string;
let iconToken: string;
let iconId: string;
const looks: string[] = [];

const RENDERED: Combination[] = [
  { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' },
  { gender: 'male', occasion: 'office', styleVibe: 'elegant' },
];

beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'ICON:fashion_icon' });
  await ensureMatrix(s.db.db);
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  adminToken = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  for (const c of RENDERED) looks.push(await stockLook(s, c));
  const start = Date.now() - 3_600_000;
  await curate(s, [looks[0]!], new Date(start));
  for (let i = 1; i <= 5; i++) looks.push(await copyLook(s, looks[0]!, new Date(start + i * 60_000)));
  // looks[1] (the office look) stays in the inventory for the changes below.
  const icon = await s.register({ promoCode: 'ICON' });
  iconToken = icon.token;
  iconId = icon.user.id;
  b = await startSecondServer(s, { PROMO_CODES: 'ICON:fashion_icon' });
}, 180_000);

afterAll(async () => {
  await b?.stop();
  await s?.close();
});

const pageOf = async (base: string, query = '') => {
  const res = await s.call('GET', `/api/siims/lookbook?limit=50${query}`, undefined, { token: iconToken, base });
  expect(res.status).toBe(200);
  return res.body as { looks: { id: string; saved: boolean }[]; nextCursor: string | null };
};
const idsOf = async (base: string) => (await pageOf(base)).looks.map((l) => l.id);

describe('the shared LookBook across server processes', () => {
  it("shows an admin's Make public made through server A on server B's next pages within a second", async () => {
    const before = await idsOf(b.url);
    expect(before).not.toContain(looks[1]);
    // B holds the page now: the same answer twice, and a cursor page from its copy.
    expect(await idsOf(b.url)).toEqual(before);
    const made = await s.call('POST', `/api/admin/images/${looks[1]}/make-public`, undefined, { token: adminToken });
    expect(made.status).toBe(200);
    const ms = await within(1000, async () => (await idsOf(b.url))[0] === looks[1]);
    expect(ms).toBeLessThan(1000);
  });

  it('shows auto-curation run as a pipeline worker runs it (another connection, no server involved) within a second', async () => {
    const office = await stockLook(s, { gender: 'male', occasion: 'party' });
    await s.db.db.updateTable('generated_images').set({ quality_score: 99 }).where('id', '=', office).execute();
    expect(await idsOf(b.url)).not.toContain(office);
    const report = await curateLookbook(s.db.db, 100);
    expect(report.curated).toBeGreaterThanOrEqual(1);
    await within(1000, async () => (await idsOf(b.url)).includes(office));
  });

  it('drops a look that leaves the LookBook, or whose pieces change, from B within a second', async () => {
    const victim = looks[2]!;
    expect(await idsOf(b.url)).toContain(victim);
    await archive(s.db.db, [victim]);
    await within(1000, async () => !(await idsOf(b.url)).includes(victim));

    const shown = looks[3]!;
    const pieceName = async () => ((await pageOf(b.url)).looks.find((l) => l.id === shown) as unknown as { fashionItems: { name: string }[] }).fashionItems[0]!.name;
    expect(await pieceName()).not.toBe('Renamed coat');
    await s.db.db.updateTable('fashion_items').set({ name: 'Renamed coat' }).where('image_id', '=', shown).where('position', '=', 0).execute();
    await within(1000, async () => (await pieceName()) === 'Renamed coat');
  });

  it("shows a save on the saver's server at once and on B within a second; one caller's flags are not another's", async () => {
    const id = (await idsOf(b.url))[0]!;
    const flag = async (base: string, token = iconToken) =>
      ((await s.call('GET', '/api/siims/lookbook?limit=50', undefined, { token, base })).body.looks as { id: string; saved: boolean }[]).find((l) => l.id === id)?.saved;
    expect(await flag(s.url)).toBe(false);
    expect(await flag(b.url)).toBe(false);
    expect((await s.call('POST', '/api/siims/wardrobe', { imageId: id }, { token: iconToken })).status).toBe(201);
    expect(await flag(s.url)).toBe(true);
    await within(1000, async () => (await flag(b.url)) === true);
    const other = (await s.register({ promoCode: 'ICON' })).token;
    expect(await flag(b.url, other)).toBe(false);
    // Removed through B: B at once, A within a second.
    expect((await s.call('DELETE', `/api/siims/wardrobe/${id}`, undefined, { token: iconToken, base: b.url })).status).toBe(200);
    expect(await flag(b.url)).toBe(false);
    await within(1000, async () => (await flag(s.url)) === false);
  });

  it("drops a saved look's card on B when its shown fields or pieces change, though it is not in the LookBook", async () => {
    const kept = await stockLook(s, { gender: 'female', occasion: 'beach' });
    // Saved as Get My Look's result would be (the inventory look was served to the user).
    await insertWardrobeItem(s.db.db, iconId, kept);
    const entry = async () => {
      const res = await s.call('GET', '/api/siims/wardrobe?limit=50', undefined, { token: iconToken, base: b.url });
      expect(res.status).toBe(200);
      return (res.body.items as { imageId: string; status: string; fashionItems: { name: string }[] }[]).find((i) => i.imageId === kept)!;
    };
    const first = await entry();
    expect(first.status).not.toBe('archived');
    // B holds the card: a change nobody is told of is not seen...
    await s.db.db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await tx.updateTable('fashion_items').set({ name: 'Unheard scarf' }).where('image_id', '=', kept).where('position', '=', 0).execute();
    });
    expect((await entry()).fashionItems[0]!.name).toBe(first.fashionItems[0]!.name);
    // ...and what is told reaches it within a second: its pieces, its status.
    await s.db.db.updateTable('fashion_items').set({ name: 'Renamed scarf' }).where('image_id', '=', kept).where('position', '=', 0).execute();
    await within(1000, async () => (await entry()).fashionItems[0]!.name === 'Renamed scarf');
    await archive(s.db.db, [kept]);
    await within(1000, async () => (await entry()).status === 'archived');
  });

  it("shows a save through A in B's smart collections and wardrobe counts within a second", async () => {
    const collections = async () => {
      const res = await s.call('GET', '/api/siims/wardrobe/collections', undefined, { token: iconToken, base: b.url });
      expect(res.status).toBe(200);
      return (res.body.collections as { itemCount: number }[]).reduce((n, c) => n + c.itemCount, 0);
    };
    const counts = async () => {
      const res = await s.call('GET', '/api/siims/wardrobe?limit=1', undefined, { token: iconToken, base: b.url });
      return `${res.body.saved}/${res.body.total}`;
    };
    const before = await collections();
    expect(await collections()).toBe(before);
    const countsBefore = await counts();
    expect(await counts()).toBe(countsBefore);
    const id = looks[5]!;
    expect((await s.call('POST', '/api/siims/wardrobe', { imageId: id }, { token: iconToken })).status).toBe(201);
    await within(1000, async () => (await collections()) > before);
    await within(1000, async () => (await counts()) !== countsBefore);
  });

  it("drops B's landing showcase (kept a minute otherwise) within a second of a showcase change through A", async () => {
    const head = async () => (await s.call('GET', '/api/landing/showcase', undefined, { base: b.url })).body.carousel?.[0]?.id as string | undefined;
    const target = looks[4]!;
    await head();
    expect(await head()).not.toBe(target);
    const code = (await s.db.db.selectFrom('generated_images').select('combination_code').where('id', '=', target).executeTakeFirstOrThrow()).combination_code;
    const added = await s.call('POST', '/api/admin/add-to-showcase', { imageId: target, combinationCode: code }, { token: adminToken });
    expect(added.status).toBe(200);
    await within(1000, async () => (await head()) === target);
  });
});

describe('the shared LookBook and a lost LISTEN connection', () => {
  const listeners = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${LOOKBOOK_LISTENER_APPLICATION} and datname = current_database()`.execute(s.db.db)).rows[0]!.n;

  it('drops what it held when the connection comes back: a change made meanwhile was not heard', async () => {
    // Server A holds its page.
    const before = await idsOf(s.url);
    const victim = before[0]!;
    // Both servers' connections are cut; the change is made while neither listens, so its NOTIFY
    // reaches nobody (and if a connection was back already, the dance is done again).
    for (let attempt = 0; ; attempt++) {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LOOKBOOK_LISTENER_APPLICATION} and datname = current_database()`.execute(s.db.db);
      const unheard = await s.db.db.transaction().execute(async (tx) => {
        if ((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${LOOKBOOK_LISTENER_APPLICATION} and datname = current_database()`.execute(tx)).rows[0]!.n > 0) return false;
        await archive(tx, [victim]);
        return true;
      });
      if (unheard) break;
      if (attempt >= 5) throw new Error('the listeners came back too fast to make an unheard change');
      await within(5000, async () => (await listeners()) === 2);
    }
    await within(5000, async () => (await listeners()) === 2);
    expect(await idsOf(s.url)).not.toContain(victim);
  });
});
