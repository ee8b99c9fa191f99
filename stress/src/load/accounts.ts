import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { Tier } from '@drape/contracts';
import { ADMIN_ADDRESS, documentationAddress, PROBE_ADDRESS } from './addresses';

/**
 * The load run's accounts, made beforehand through the real API as people make them: the bot check
 * solved as the widget solves it, then registration from the user's own address with a promo code
 * that gives the tier (the stack runs with LOAD_PROMO_CODES and a low ALTCHA_MAX_NUMBER).
 */
export const LOAD_PROMO = { stylist: 'LOADSTYLIST', fashion_icon: 'LOADICON' } as const;
export type LoadTier = keyof typeof LOAD_PROMO;

/** PROMO_CODES for the stack: `CODE:tier,...`. */
export const LOAD_PROMO_CODES = Object.entries(LOAD_PROMO).map(([tier, code]) => `${code}:${tier}`).join(',');

export interface LoadAccount {
  index: number;
  address: string;
  tier: LoadTier;
  gender: 'female' | 'male';
  email: string;
  password: string;
}

/** A quarter of the users are Stylists (a wardrobe of 20, 50 LookBook looks a session), the rest Fashion Icons. */
export function tierOf(index: number): LoadTier {
  return index % 4 === 1 ? 'stylist' : 'fashion_icon';
}

async function botCheckToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/bot-check`);
  if (!res.ok) throw new Error(`GET /api/auth/bot-check answered ${res.status}`);
  const c = (await res.json()) as { challenge: string; salt: string; algorithm: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error(`no solution for the bot check in 0..${c.maxnumber}`);
  return Buffer.from(JSON.stringify({ ...c, number: solution.number })).toString('base64');
}

async function register(base: string, index: number, run: string, tag: string, address: string): Promise<LoadAccount> {
  const tier = tierOf(index);
  const username = `${tag}${run}${index}`;
  const account: LoadAccount = {
    index, address, tier, gender: index % 2 === 0 ? 'female' : 'male',
    email: `${username}@load.example.com`, password: `load password ${run} ${index}`,
  };
  const body = {
    email: account.email, password: account.password, username, firstName: 'Load', lastName: `User ${index}`,
    turnstileToken: await botCheckToken(base), promoCode: LOAD_PROMO[tier],
  };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`registering load user ${index} answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { tier: Tier } };
  if (user.tier !== tier) throw new Error(`load user ${index} registered as ${user.tier}, not ${tier}: is PROMO_CODES set on the stack?`);
  return account;
}

/** Registers `users` accounts, a few at a time (each costs an argon2 hash in the server), each from its own address. */
export async function registerLoadAccounts(base: string, users: number, parallel = 8): Promise<LoadAccount[]> {
  const run = randomBytes(2).toString('hex');
  const accounts: LoadAccount[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, users) }, async () => {
    while (next < users) {
      const i = next++;
      accounts[i] = await register(base, i, run, 'load', documentationAddress(i));
    }
  }));
  return accounts;
}

/** The sign-in probe's account (a Fashion Icon), registered from the probe's address. */
export function registerProbeAccount(base: string): Promise<LoadAccount> {
  return register(base, 0, randomBytes(2).toString('hex'), 'probe', PROBE_ADDRESS);
}

/** The admin's token for the dashboard and gallery polling. */
export async function adminToken(base: string, adminKey: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ADMIN_ADDRESS }, body: JSON.stringify({ adminKey, password }),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
