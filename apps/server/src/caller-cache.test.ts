import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_LISTENER_APPLICATION } from '@drape/api';
import { bootstrapAdmin } from '@drape/auth';
import { dailyLimit } from '@drape/contracts';
import { SESSION_CACHE_MS } from '@drape/contracts/auth';
import type { Database } from '@drape/db';
import { startTestServer, type TestServer } from './testing/harness';
import { startSecondServer, within, type SecondServer } from './testing/second-server';

/**
 * The per-process cache of signed-in callers (docs/decisions/0029) across processes: this file's
 * server (A) and a second server process (B, the product's entry point) on one database. B keeps
 * the callers it has seen for SESSION_CACHE_MS at most; every way a session ends or its user's
 * facts change, made through A or by hand in SQL, must reach B's next call within a second (the
 * NOTIFY of migration 0022's triggers), far under the backstop. The first test shows that B does
 * answer from memory (a change that notifies nobody is not seen at once), so that the others
 * prove the notifications and not the absence of a cache.
 */
let s: TestServer;
let b: SecondServer;
let adminToken: string;

/** Well under the 5 s backstop: a change seen this fast came by notification. */
const NOTIFIED_WITHIN_MS = 1_000;

beforeAll(async () => {
  // A pipeline worker beside A: a generation counted through A must show on B.
  s = await startTestServer({ pipeline: true });
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  adminToken = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  b = await startSecondServer(s, { SESSION_MAX_DAYS: String(s.config.SESSION_MAX_DAYS) });
}, 180_000);

afterAll(async () => {
  await b?.stop();
  await s?.close();
});

const profileOn = (base: string, token: string) => s.call('GET', '/api/user/profile', undefined, { token, base });

/** Signs in on B and calls twice, so that B holds the caller. */
async function warm(token: string) {
  expect((await profileOn(b.url, token)).status).toBe(200);
  expect((await profileOn(b.url, token)).status).toBe(200);
}

const refusedOnB = (token: string) => within(NOTIFIED_WITHIN_MS, async () => (await profileOn(b.url, token)).status === 401);

/** A change that fires no trigger (as if its notification were lost): only the cache's own checks can see it. */
async function unheard(run: (db: Kysely<Database>) => Promise<unknown>) {
  await s.db.db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await run(tx);
  });
}

describe('B answers signed-in calls from memory', () => {
  it('keeps a caller it has seen: a change nobody is told of shows only after the backstop', async () => {
    const u = await s.register();
    await warm(u.token);
    await unheard((db) => db.updateTable('users').set({ first_name: 'Unheard' }).where('id', '=', u.user.id).execute());
    expect((await profileOn(b.url, u.token)).body.firstName).toBe('Ada');
    // A's process was not warmed for this caller: it reads the row.
    expect((await profileOn(s.url, u.token)).body.firstName).toBe('Unheard');
    await within(SESSION_CACHE_MS + 2_000, async () => (await profileOn(b.url, u.token)).body.firstName === 'Unheard');
  }, 15_000);
});

describe("A's own changes show on A without waiting for a notification", () => {
  it("a friend's sign-up through A credits the referrer on A at once", async () => {
    const referrer = await s.register();
    // A holds the referrer; then every notification about the referral is lost.
    expect((await profileOn(s.url, referrer.token)).body.invitesSent).toBe(0);
    expect((await profileOn(s.url, referrer.token)).body.invitesSent).toBe(0);
    await sql`alter table referrals disable trigger user`.execute(s.db.db);
    await sql`alter table users disable trigger user`.execute(s.db.db);
    try {
      const friend = await s.register({ referredByUserId: referrer.user.id });
      expect(friend.user.id).toBeTruthy();
      expect((await profileOn(s.url, referrer.token)).body.invitesSent).toBe(1);
    } finally {
      await sql`alter table referrals enable trigger user`.execute(s.db.db);
      await sql`alter table users enable trigger user`.execute(s.db.db);
    }
  });

  it('a password reset through A ends the sessions A holds at once', async () => {
    const u = await s.register();
    expect((await profileOn(s.url, u.token)).status).toBe(200);
    expect((await profileOn(s.url, u.token)).status).toBe(200);
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const token = new URL((await s.resetLinkFor(u.email))!).searchParams.get('token')!;
    await sql`alter table sessions disable trigger user`.execute(s.db.db);
    await sql`alter table users disable trigger user`.execute(s.db.db);
    try {
      expect((await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'brand new secret' })).status).toBe(200);
      expect((await profileOn(s.url, u.token)).status).toBe(401);
    } finally {
      await sql`alter table sessions enable trigger user`.execute(s.db.db);
      await sql`alter table users enable trigger user`.execute(s.db.db);
    }
  });
});

describe('every way a session ends reaches B within a second', () => {
  it('sign-out', async () => {
    const u = await s.register();
    await warm(u.token);
    expect((await s.call('POST', '/api/auth/logout', undefined, { token: u.token })).status).toBe(200);
    await refusedOnB(u.token);
  });

  it('sign-out everywhere', async () => {
    const u = await s.register();
    const other = (await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).body.token as string;
    await warm(u.token);
    await warm(other);
    expect((await s.call('POST', '/api/auth/logout-all-devices', undefined, { token: u.token })).status).toBe(200);
    await refusedOnB(u.token);
    await refusedOnB(other);
  });

  it("an admin ending a user's sessions", async () => {
    const u = await s.register();
    await warm(u.token);
    expect((await s.call('POST', `/api/admin/users/${u.user.id}/end-sessions`, undefined, { token: adminToken })).status).toBe(200);
    await refusedOnB(u.token);
  });

  it('a password change ends the other sessions', async () => {
    const u = await s.register();
    const other = (await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).body.token as string;
    await warm(other);
    const changed = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'a fine password' }, { token: u.token });
    expect(changed.status).toBe(200);
    await refusedOnB(other);
    expect((await profileOn(b.url, u.token)).status).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const u = await s.register();
    await warm(u.token);
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const token = new URL((await s.resetLinkFor(u.email))!).searchParams.get('token')!;
    expect((await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'brand new secret' })).status).toBe(200);
    await refusedOnB(u.token);
  });

  it('an account deletion request', async () => {
    const u = await s.register();
    await warm(u.token);
    const deleted = await s.call('DELETE', '/api/user/delete-account', { password: u.password, confirmation: 'DELETE' }, { token: u.token });
    expect(deleted.status).toBe(200);
    await refusedOnB(u.token);
  });

  it('a session row changed or deleted by hand in SQL', async () => {
    const u = await s.register();
    await warm(u.token);
    await s.db.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.user.id).execute();
    await refusedOnB(u.token);

    const v = await s.register();
    await warm(v.token);
    await s.db.db.deleteFrom('sessions').where('user_id', '=', v.user.id).execute();
    await refusedOnB(v.token);
  });

  it('the absolute lifetime: a held session ends at its end, not at the backstop', async () => {
    const u = await s.register();
    const endsAt = Date.now() + 2_500;
    const maxDays = s.config.SESSION_MAX_DAYS;
    // Signed in so long ago that its absolute end is 2.5 s away (told to every process: B holds nothing yet).
    await sql`update sessions set created_at = ${new Date(endsAt - maxDays * 86_400_000)} where user_id = ${u.user.id}`.execute(s.db.db);
    await warm(u.token);
    const heldSince = Date.now();
    // B holds it: a change nobody is told of is not seen.
    await unheard((db) => db.updateTable('users').set({ first_name: 'Held' }).where('id', '=', u.user.id).execute());
    expect((await profileOn(b.url, u.token)).body.firstName).toBe('Ada');
    // Refused once the end has passed, well before the held copy's backstop would let it go.
    await within(heldSince + SESSION_CACHE_MS - 500 - Date.now(), async () => (await profileOn(b.url, u.token)).status === 401);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
  }, 15_000);
});

describe("a caller's facts reach B within a second", () => {
  it("a tier change (three friends signed up) and the referral count show in B's profile", async () => {
    const referrer = await s.register();
    await warm(referrer.token);
    const before = (await profileOn(b.url, referrer.token)).body;
    expect(before.tier).toBe('enthusiast');
    // Three friends through the product (each from its own address); the count and the tier follow.
    for (let i = 0; i < 3; i++) {
      await s.call('POST', '/api/auth/register', {
        email: `friend${i}${referrer.user.id.slice(0, 6)}@example.com`, password: 'correct horse battery', username: `fr${i}${referrer.user.id.slice(0, 8)}`,
        firstName: 'Fr', lastName: 'Iend', turnstileToken: await s.solveBotCheck(), referredByUserId: referrer.user.id,
      });
    }
    const row = await s.db.db.selectFrom('users').select('tier').where('id', '=', referrer.user.id).executeTakeFirstOrThrow();
    const counted = Number((await s.db.db.selectFrom('referrals').select((eb) => eb.fn.countAll().as('n')).where('referrer_id', '=', referrer.user.id).where('status', '=', 'counted').executeTakeFirstOrThrow()).n);
    await within(NOTIFIED_WITHIN_MS, async () => {
      const p = (await profileOn(b.url, referrer.token)).body;
      return p.tier === row.tier && p.referralCount === counted && p.dailyImagesLimit === dailyLimit(row.tier, false);
    });
    expect(counted).toBeGreaterThan(0);
    expect(row.tier).not.toBe('enthusiast');
  });

  it("a tier set in SQL shows in B's profile with its daily limit", async () => {
    const u = await s.register();
    await warm(u.token);
    expect((await profileOn(b.url, u.token)).body.dailyImagesLimit).toBe(dailyLimit('enthusiast', false));
    await s.db.db.updateTable('users').set({ tier: 'fashion_icon' }).where('id', '=', u.user.id).execute();
    await within(NOTIFIED_WITHIN_MS, async () => {
      const p = (await profileOn(b.url, u.token)).body;
      return p.tier === 'fashion_icon' && p.dailyImagesLimit === dailyLimit('fashion_icon', false);
    });
    expect(dailyLimit('fashion_icon', false)).not.toBe(dailyLimit('enthusiast', false));
  });

  it("today's usage shows in B's profile", async () => {
    const u = await s.register();
    await warm(u.token);
    expect((await profileOn(b.url, u.token)).body.dailyImagesUsed).toBe(0);
    await s.db.db.insertInto('daily_usage').values({ user_id: u.user.id, day: sql`current_date`, used: 2 } as never).execute();
    await within(NOTIFIED_WITHIN_MS, async () => (await profileOn(b.url, u.token)).body.dailyImagesUsed === 2);
  });

  it("a generation counted through A shows in B's profile", async () => {
    const u = await s.register();
    await warm(u.token);
    expect((await profileOn(b.url, u.token)).body.dailyImagesUsed).toBe(0);
    const made = await s.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'boho chic' }, { token: u.token });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await within(NOTIFIED_WITHIN_MS, async () => (await profileOn(b.url, u.token)).body.dailyImagesUsed === 1);
  }, 60_000);

  it('a profile change made through A', async () => {
    const u = await s.register();
    await warm(u.token);
    expect((await s.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, { token: u.token })).status).toBe(200);
    await within(NOTIFIED_WITHIN_MS, async () => (await profileOn(b.url, u.token)).body.firstName === 'Grace');
  });
});

describe('while B cannot hear', () => {
  it('answers nothing from memory once its LISTEN connection is lost', async () => {
    const u = await s.register();
    await warm(u.token);
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = ${CALLER_LISTENER_APPLICATION}`.execute(s.db.db);
    // A's listener and B's.
    expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(2);
    // Give B's client a moment to see its connection end, then change something nobody is told of.
    await new Promise((r) => setTimeout(r, 200));
    await unheard((db) => db.updateTable('users').set({ first_name: 'Lost' }).where('id', '=', u.user.id).execute());
    expect((await profileOn(b.url, u.token)).body.firstName).toBe('Lost');
  });
});
