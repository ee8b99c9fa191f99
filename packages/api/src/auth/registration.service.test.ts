import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRALS_FOR_FASHION_ICON, REFERRALS_FOR_STYLIST } from '@drape/contracts';
import { authMessages, type RegisterInput } from '@drape/contracts/auth';
import { AppError } from '../errors';
import { createTestServices, type TestServices } from '../testing/services';
import { promoteReferrer } from '../referrals/referrals.service';
import { register } from './registration.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices({ PROMO_CODES: 'LAUNCH:stylist,ICON:fashion_icon' });
});
afterAll(() => t.close());

let n = 0;
async function input(overrides: Partial<RegisterInput> = {}): Promise<RegisterInput> {
  n += 1;
  return {
    email: `reg${n}-${Date.now()}@example.com`, password: 'a long passphrase', username: `reg${n}_${Date.now() % 100000}`,
    firstName: 'Ada', lastName: 'Byron', turnstileToken: await t.solveBotCheck(), ...overrides,
  };
}

const tierOf = async (id: string) => (await t.db.db.selectFrom('users').select('tier').where('id', '=', id).executeTakeFirstOrThrow()).tier;
const userCount = async () => Number((await t.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('register', () => {
  it('creates an Enthusiast with a session, or the promo code tier', async () => {
    const plain = await register(t.services, t.req(), await input());
    expect(plain.token).toMatch(/^[a-z2-7]{32}$/);
    expect(plain.user.tier).toBe('enthusiast');
    const promo = await register(t.services, t.req(), await input({ promoCode: 'launch' }));
    expect(promo.user.tier).toBe('stylist');
  });

  it('refuses a common password and changes nothing', async () => {
    const before = await userCount();
    const err = await failure(register(t.services, t.req(), await input({ password: 'Password1' })));
    expect(err).toMatchObject({ appCode: 'weak_password', message: authMessages.commonPassword });
    expect(await userCount()).toBe(before);
  });

  it('says nothing of a taken email, a taken username or an unknown promo code without a solved bot check', async () => {
    const taken = await register(t.services, t.req(), await input());
    const unsolved = 'bm90IHNvbHZlZA==';
    for (const probe of [{ email: taken.user.email }, { username: taken.user.username }, { promoCode: 'NOPE' }]) {
      expect((await failure(register(t.services, t.req(), await input({ ...probe, turnstileToken: unsolved })))).appCode).toBe('bot_check_failed');
    }
  });

  it('tells a taken email, username or unknown promo code after the bot check, which that spends', async () => {
    const taken = await register(t.services, t.req(), await input());
    const again = await input({ email: taken.user.email });
    expect((await failure(register(t.services, t.req(), again))).appCode).toBe('user_exists');
    // The challenge was spent on the refusal: the form asks for a new one (its reset on any refusal).
    expect((await failure(register(t.services, t.req(), { ...again, email: `fresh-${Date.now()}@example.com` }))).appCode).toBe('bot_check_failed');
    expect((await failure(register(t.services, t.req(), await input({ promoCode: 'NOPE' })))).appCode).toBe('invalid_promo');
    expect((await failure(register(t.services, t.req(), await input({ username: taken.user.username })))).appCode).toBe('username_taken');
  });

  it('refuses a weak password and a reserved name before the bot check, which stays unspent', async () => {
    const token = await t.solveBotCheck();
    expect((await failure(register(t.services, t.req(), await input({ password: 'short', turnstileToken: token })))).appCode).toBe('weak_password');
    expect((await failure(register(t.services, t.req(), await input({ username: 'settings', turnstileToken: token })))).appCode).toBe('invalid_username');
    expect((await register(t.services, t.req(), await input({ turnstileToken: token }))).user.tier).toBe('enthusiast');
  });

  it('refuses a replayed bot check', async () => {
    const first = await input();
    await register(t.services, t.req(), first);
    const replay = { ...first, email: `replay-${Date.now()}@example.com`, username: `replay_${Date.now() % 100000}` };
    expect((await failure(register(t.services, t.req(), replay))).appCode).toBe('bot_check_failed');
  });
});

describe('tier promotion by referrals', () => {
  it(`makes a referrer a Stylist at ${REFERRALS_FOR_STYLIST} friends and a Fashion Icon at ${REFERRALS_FOR_FASHION_ICON}`, async () => {
    const referrer = await register(t.services, t.req(), await input());
    const tiers: string[] = [];
    for (let i = 0; i < REFERRALS_FOR_FASHION_ICON; i++) {
      await register(t.services, t.req(), await input({ referredByUserId: referrer.user.id }));
      tiers.push(await tierOf(referrer.user.id));
    }
    expect(tiers).toEqual(['enthusiast', 'enthusiast', 'stylist', 'stylist', 'fashion_icon']);
  });

  it('never lowers a tier: a promo Fashion Icon with one friend stays one', async () => {
    const icon = await register(t.services, t.req(), await input({ promoCode: 'ICON' }));
    await register(t.services, t.req(), await input({ referredByUserId: icon.user.id }));
    expect(await tierOf(icon.user.id)).toBe('fashion_icon');
    expect(await t.db.db.transaction().execute((tx) => promoteReferrer(tx, icon.user.id))).toBe('fashion_icon');
  });

  it('counts friends who sign up at the same moment exactly, without a deadlock between them', async () => {
    // Several rounds: the interleaving that once deadlocked (each new row's foreign-key lock
    // against the other sign-ups' row lock on the referrer) needs the sign-ups to overlap.
    for (let round = 0; round < 5; round++) {
      const referrer = await register(t.services, t.req(), await input());
      const friends = await Promise.all([1, 2, 3, 4, 5].map(() => input({ referredByUserId: referrer.user.id })));
      const results = await Promise.allSettled(friends.map((f) => register(t.services, t.req(), f)));
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(await tierOf(referrer.user.id)).toBe('fashion_icon');
    }
  });

  it('counts one of five friends who sign up at the same moment from one network, and holds the rest', async () => {
    for (let round = 0; round < 3; round++) {
      const referrer = await register(t.services, t.req(), await input());
      const friends = await Promise.all([0, 1, 2, 3, 4].map(() => input({ referredByUserId: referrer.user.id })));
      const results = await Promise.allSettled(friends.map((f, i) => register(t.services, { ipAddress: `203.0.113.${10 + i}`, userAgent: 'farm' }, f)));
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const statuses = await t.db.db.selectFrom('referrals').select('status').where('referrer_id', '=', referrer.user.id).orderBy('status').execute();
      expect(statuses.map((r) => r.status)).toEqual(['counted', 'held', 'held', 'held', 'held']);
      expect(await tierOf(referrer.user.id)).toBe('enthusiast');
    }
  });
});
