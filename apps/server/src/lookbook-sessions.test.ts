import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ensureMatrix } from '@drape/boot';
import { LOOKBOOK_SESSION_IDLE_MINUTES } from '@drape/contracts/lookbook';
import { copyLook, curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * A capped tier's 50 LookBook looks per session (issue 18; docs/decisions/0011, amended): a
 * session ends at sign-out or after 30 minutes without a LookBook page, and the next one starts
 * where it stopped, wrapping at the end. 60 looks: the second session is looks 51 to 60 and 1 to
 * 40, the third 41 to 60 and 1 to 30.
 */
let s: TestServer;
/** The LookBook's ids, newest first. */
let newest: string[] = [];
const TOTAL = 60;

beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist,ICON:fashion_icon,COLL:collector' });
  await ensureMatrix(s.db.db);
  const source = await stockLook(s, { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' });
  const start = Date.now() - 86_400_000;
  await curate(s, [source], new Date(start));
  const ids = [source];
  for (let i = 1; i < TOTAL; i++) ids.push(await copyLook(s, source, new Date(start + i * 60_000)));
  newest = ids.reverse();
}, 120_000);
afterAll(() => s.close());

type Page = { status: number; body: { looks: { id: string }[]; offset: number; hasMore: boolean; viewLimitReached: boolean; viewLimit: number | null; nextCursor: string | null } };
const get = (token: string, query = '') => s.call('GET', `/api/siims/lookbook${query}`, undefined, { token }) as Promise<Page>;
const ids = (res: Page) => res.body.looks.map((l) => l.id);
/** Positions of the LookBook (newest first), wrapping at its end: looks n+1, n+2, ... */
const from = (n: number, count = 50) => Array.from({ length: count }, (_, i) => newest[(n + i) % TOTAL]!);

async function signIn(u: { email: string; password: string }): Promise<string> {
  const res = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** The user's session as if its last LookBook page was this many minutes ago. */
async function idle(userId: string, minutes: number): Promise<void> {
  await sql`update lookbook_sessions set last_active_at = now() - make_interval(secs => ${minutes * 60}) where user_id = ${userId}`.execute(s.db.db);
}

describe("a Stylist's LookBook session", () => {
  it('shows 50 looks, then says the limit is reached; the same session shows the same 50 again', async () => {
    const u = await s.register({ promoCode: 'STYLE' });
    const first = await get(u.token, '?limit=50');
    expect(first.body).toMatchObject({ offset: 0, hasMore: false, viewLimit: 50, viewLimitReached: true, nextCursor: null });
    expect(ids(first)).toEqual(from(0));
    expect(await get(u.token, '?offset=50')).toMatchObject({ status: 200, body: { looks: [], hasMore: false, viewLimitReached: true } });
    // A reload within the session: the same window, not the next one.
    expect(ids(await get(u.token, '?limit=50'))).toEqual(from(0));
  });

  it('starts the next session at look 51 after sign-out, wrapping past the end, and the one after at look 41', async () => {
    const u = await s.register({ promoCode: 'STYLE' });
    // The first session by cursor pages, as the web app reads it.
    const a = await get(u.token, '?limit=20');
    const b = await get(u.token, `?limit=50&cursor=${a.body.nextCursor}`);
    expect([...ids(a), ...ids(b)]).toEqual(from(0));
    expect(b.body).toMatchObject({ offset: 20, viewLimitReached: true });
    expect((await s.call('POST', '/api/auth/logout', undefined, { token: u.token })).status).toBe(200);

    const token = await signIn(u);
    const second = await get(token, '?limit=30');
    expect(second.body).toMatchObject({ offset: 0, hasMore: true, viewLimitReached: false });
    expect(ids(second)).toEqual(from(50, 30));
    const rest = await get(token, `?cursor=${second.body.nextCursor}`);
    expect(ids(rest)).toEqual(from(80, 20));
    expect(rest.body.viewLimitReached).toBe(true);
    expect(new Set([...ids(second), ...ids(rest)]).size).toBe(50);

    // Sign-out everywhere ends it too.
    expect((await s.call('POST', '/api/auth/logout-all-devices', undefined, { token })).status).toBe(200);
    const third = await get(await signIn(u), '?limit=50');
    expect(ids(third)).toEqual(from(40));
  });

  it('ends with every other way of being signed out everywhere: a reset by link, a deletion request; a change from this device keeps it', async () => {
    // A password change from a signed-in device keeps that device, and its LookBook session.
    const u = await s.register({ promoCode: 'STYLE' });
    expect(ids(await get(u.token, '?limit=10'))).toEqual(from(0, 10));
    const changed = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'a fine password' }, { token: u.token });
    expect(changed.status).toBe(200);
    expect(ids(await get(u.token, '?offset=10&limit=50'))).toEqual(from(10, 40));

    // A reset by link signs out everywhere: the next session starts at look 51.
    const r = await s.register({ promoCode: 'STYLE' });
    expect(ids(await get(r.token, '?limit=50'))).toEqual(from(0));
    await s.call('POST', '/api/auth/forgot-password', { email: r.email });
    const link = new URL((await s.resetLinkFor(r.email))!).searchParams.get('token')!;
    expect((await s.call('POST', '/api/auth/reset-password', { token: link, newPassword: 'brand new secret' })).status).toBe(200);
    expect(ids(await get(await signIn({ email: r.email, password: 'brand new secret' }), '?limit=50'))).toEqual(from(50));

    // So does a deletion request; signing in again within the grace period cancels it.
    const d = await s.register({ promoCode: 'STYLE' });
    expect(ids(await get(d.token, '?limit=50'))).toEqual(from(0));
    const deleted = await s.call('DELETE', '/api/user/delete-account', { password: d.password, confirmation: 'DELETE' }, { token: d.token });
    expect(deleted.status).toBe(200);
    expect(ids(await get(await signIn(d), '?limit=50'))).toEqual(from(50));
  });

  it(`ends after ${LOOKBOOK_SESSION_IDLE_MINUTES} minutes without a LookBook page, not before`, async () => {
    const u = await s.register({ promoCode: 'STYLE' });
    expect(ids(await get(u.token, '?limit=10'))).toEqual(from(0, 10));
    await idle(u.user.id, LOOKBOOK_SESSION_IDLE_MINUTES - 1);
    // Still the same session: it had shown 10 looks, so it goes on from the 11th.
    expect(ids(await get(u.token, '?offset=10&limit=50'))).toEqual(from(10, 40));
    await idle(u.user.id, LOOKBOOK_SESSION_IDLE_MINUTES);
    const next = await get(u.token, '?limit=50');
    expect(ids(next)).toEqual(from(50));
    expect(next.body.viewLimitReached).toBe(true);
  });

  it('counts what the session showed: a session that saw 10 looks is followed by one from look 11', async () => {
    const u = await s.register({ promoCode: 'STYLE' });
    expect(ids(await get(u.token, '?limit=10'))).toEqual(from(0, 10));
    await idle(u.user.id, LOOKBOOK_SESSION_IDLE_MINUTES + 5);
    expect(ids(await get(u.token, '?limit=5'))).toEqual(from(10, 5));
  });

  it('holds for a Collector too; a Fashion Icon has no session and sees every look newest first', async () => {
    const c = await s.register({ promoCode: 'COLL' });
    expect(ids(await get(c.token, '?limit=50'))).toEqual(from(0));
    await s.call('POST', '/api/auth/logout', undefined, { token: c.token });
    expect(ids(await get(await signIn(c), '?limit=50'))).toEqual(from(50));

    const icon = await s.register({ promoCode: 'ICON' });
    expect(ids(await get(icon.token, '?limit=50'))).toEqual(from(0));
    await s.call('POST', '/api/auth/logout', undefined, { token: icon.token });
    const again = await get(await signIn(icon), '?limit=50');
    expect(ids(again)).toEqual(from(0));
    expect(again.body).toMatchObject({ hasMore: true, viewLimit: null });
    expect(await s.db.db.selectFrom('lookbook_sessions').select('user_id').where('user_id', '=', icon.user.id).execute()).toEqual([]);
  });

  it('answers the same windows through /trpc as on REST', async () => {
    const u = await s.register({ promoCode: 'STYLE' });
    await get(u.token, '?limit=50');
    await idle(u.user.id, LOOKBOOK_SESSION_IDLE_MINUTES + 1);
    const input = encodeURIComponent(JSON.stringify({ limit: 50 }));
    const res = await s.call('GET', `/trpc/lookbook.list?input=${input}`, undefined, { token: u.token });
    expect(res.body.result.data.looks.map((l: { id: string }) => l.id)).toEqual(from(50));
  });
});
