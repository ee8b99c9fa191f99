import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

/**
 * Test accounts. Registration over the REST API costs the same rate-limit point as one through the
 * form (20 per hour per address), so only the sign-up test uses the form; the other tests create
 * their user here and hand its session to the browser the way the app itself keeps it.
 */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

export interface NewUser {
  email: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  /** A promo code that raises the tier at sign-up. */
  promoCode?: string;
}

/** The user as the server answers it (only the fields the tests read are typed). */
export interface PublicUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  [key: string]: unknown;
}

export interface Account extends NewUser {
  token: string;
  user: PublicUser;
}

/**
 * Unique per call: a short prefix, the time in base 36 and a random suffix; 3-20 characters of
 * [A-Za-z0-9] (no underscore or hyphen, which may not start or end a username).
 */
export function newUser(prefix = 'u'): NewUser {
  const stamp = Date.now().toString(36);
  const random = randomBytes(3).toString('hex').slice(0, 4);
  const username = `${prefix.replace(/[^a-z0-9]/gi, '').slice(0, 6)}${stamp}${random}`.slice(0, 20);
  return {
    email: `${username.toLowerCase()}@e2e.example.com`,
    username,
    password: `Pw-${randomBytes(6).toString('hex')}`,
    firstName: 'Ada',
    lastName: `Tester${random}`,
  };
}

interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

/** Solves the server's ALTCHA challenge the way the widget does: sha256(salt + n) === challenge. */
export async function solvedBotCheck(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/auth/bot-check`);
  if (!res.ok) throw new Error(`GET /api/auth/bot-check answered ${res.status}`);
  const c = (await res.json()) as AltchaChallenge;
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash('sha256').update(c.salt + n).digest('hex') === c.challenge) {
      const payload = { algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error(`no solution for the bot-check challenge in 0..${c.maxnumber}`);
}

async function api<T>(method: string, path: string, options: { body?: unknown; token?: string; clientAddress?: string } = {}): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // The e2e server trusts the loopback proxy (scripts/test.ts): the request comes from this address.
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/**
 * A documentation address (TEST-NET-2, RFC 5737) per registration: each test's user signs up from
 * its own address, as people do, so the suite's accounts do not spend one address's hourly
 * registrations (20) that the tests of that limit rely on.
 */
let registrations = 0;
function nextClientAddress(): string {
  registrations += 1;
  return `198.51.100.${(registrations % 254) + 1}`;
}

/**
 * POST /api/auth/register with a solved bot check; the answer's session is the account's token.
 * A referral (`ref`: the referrer's username) and the client address may be named.
 */
export async function registerViaApi(user: NewUser = newUser(), options: { ref?: string; clientAddress?: string } = {}): Promise<Account> {
  const turnstileToken = await solvedBotCheck();
  const { status, json } = await api<{ token: string; user: PublicUser }>('POST', '/api/auth/register', {
    body: { ...user, turnstileToken, ...(options.ref ? { ref: options.ref } : {}) },
    clientAddress: options.clientAddress ?? nextClientAddress(),
  });
  if (status !== 201) throw new Error(`register answered ${status}: ${JSON.stringify(json)}`);
  return { ...user, token: json.token, user: json.user };
}

/** The promo codes the e2e server is started with (scripts/test.ts PROMO_CODES). */
const PROMO = { stylist: 'E2ESTYLE', fashion_icon: 'E2EICON' } as const;

/** A new account at a tier: Enthusiast without a promo code, the others by theirs. */
export async function registerAtTier(tier: 'enthusiast' | 'stylist' | 'fashion_icon', prefix = 'tier'): Promise<Account> {
  const user = newUser(prefix);
  return registerViaApi(tier === 'enthusiast' ? user : { ...user, promoCode: PROMO[tier] });
}

/** POST /api/auth/login: a second "device" for the user (counts toward the login limits). */
export async function loginViaApi(email: string, password: string): Promise<string> {
  const { status, json } = await api<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });
  if (status !== 200) throw new Error(`login answered ${status}: ${JSON.stringify(json)}`);
  return json.token;
}

/**
 * Wrong passwords for an account, as a guesser would send them from its own address: each must
 * answer 401 (the account's lock then asks for the bot check).
 */
export async function failLoginsViaApi(email: string, count: number, clientAddress: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const { status } = await api('POST', '/api/auth/login', { body: { email, password: `wrong guess ${i}` }, clientAddress });
    if (status !== 401) throw new Error(`a wrong password answered ${status}, not 401`);
  }
}

/** Wrong passwords for an admin key from one address (each must answer 401). */
export async function failAdminLoginsViaApi(adminKey: string, count: number, clientAddress: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const { status } = await api('POST', '/api/admin/login', { body: { adminKey, password: `wrong guess ${i}` }, clientAddress });
    if (status !== 401) throw new Error(`a wrong admin password answered ${status}, not 401`);
  }
}

/** Ends one session on the server. */
export async function logoutViaApi(token: string): Promise<void> {
  const { status, json } = await api('POST', '/api/auth/logout', { token });
  if (status !== 200) throw new Error(`logout answered ${status}: ${JSON.stringify(json)}`);
}

/** The HTTP status of GET /api/auth/sessions with this token (200 while the session lives, 401 after). */
export async function sessionStatus(token: string): Promise<number> {
  return (await api('GET', '/api/auth/sessions', { token })).status;
}

/**
 * Hands an API session to the browser before the app's first script runs: the web app keeps its
 * auth in localStorage ('drape_token' and 'drape_user', see apps/web/src/lib/auth-store.ts)
 * and sends the token as a Bearer header. Seeded once per tab, so a later logout sticks.
 */
export async function useSession(page: Page, account: Account): Promise<void> {
  await page.addInitScript(({ token, user }) => {
    try {
      if (window.location.origin === 'null' || sessionStorage.getItem('e2e_seeded')) return;
      sessionStorage.setItem('e2e_seeded', '1');
      localStorage.setItem('drape_token', token);
      localStorage.setItem('drape_user', JSON.stringify(user));
    } catch {
      // about:blank has no storage; the first real document seeds it.
    }
  }, { token: account.token, user: account.user });
}
