import { SignJWT } from 'jose';
import { bootstrapAdmin } from '@drape/auth';
import type { Tier } from '@drape/contracts';
import { insertWardrobeItem, sharedSecret } from '@drape/db';
import { startTestServer, type TestServer } from '../testing/harness';
import type { Principal, UserPrincipal } from './access-expectations';
import { JSON_BODY, send } from './http';
import { serveLook } from './looks';

/**
 * The proof suite's world on one test server: a user of every tier, a second Fashion Icon, the
 * owner (a Fashion Icon whose ids others try and who never signs in during the run), admin tokens
 * valid, expired and revoked, and the data each user holds.
 */

export const PASSWORD = 'correct horse battery';
export const ADMIN_KEY = 'ops';
export const ADMIN_PASSWORD = 'correct horse staple';
const PROMO: Record<Exclude<Tier, 'enthusiast'>, string> = { stylist: 'PROOF-STYLIST', collector: 'PROOF-COLLECTOR', fashion_icon: 'PROOF-ICON' };
export const PROOF_ENV = {
  PROMO_CODES: Object.entries(PROMO).map(([tier, code]) => `${code}:${tier}`).join(','),
  // Each sign-up solves a bot check in this process: a small one keeps the solving (hashes on
  // libuv's four threads, beside the server's argon2) from being what the proofs measure.
  ALTCHA_MAX_NUMBER: '50',
};

export const TIER_OF: Record<UserPrincipal, Tier> = { enthusiast: 'enthusiast', stylist: 'stylist', collector: 'collector', icon: 'fashion_icon', other: 'fashion_icon' };

export interface Account {
  id: string;
  email: string;
  username: string;
  password: string;
  tier: Tier;
  token: string;
}

/** What a user holds, by id: the ids the matrix names in calls. */
export interface Holdings {
  /** Served to them by Get My Look, shared by nobody, not in the LookBook. */
  servedLook: string;
  /** A piece of servedLook. */
  piece: string;
  /** Served and saved to their wardrobe, with notes. */
  savedLook: string;
  wardrobeItem: string;
  notes: string;
  /** Served and shared by them: its link is public. */
  sharedLook: string;
}

export interface World {
  s: TestServer;
  /** The principals' users, the owner, and a guest whose account the sign-in calls use. */
  users: Record<UserPrincipal | 'owner' | 'guest', Account>;
  holdings: Record<UserPrincipal | 'owner', Holdings>;
  tokens: Record<Principal, string | null>;
  /** A throwaway user of a tier, signed in: for calls that end sessions, change a password or delete the account. */
  throwaway(tier: Tier): Promise<Account>;
  /** A new session of an account (a second device). */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${process.pid % 10_000}${Date.now() % 100_000}${(seq += 1)}`;

async function holdingsOf(s: TestServer, userId: string): Promise<Holdings> {
  const db = s.db.db;
  const served = await serveLook(db, userId);
  const saved = await serveLook(db, userId);
  const wardrobeItem = await insertWardrobeItem(db, userId, saved.id);
  if (!wardrobeItem) throw new Error('the wardrobe row was not written');
  const notes = `notes-${crypto.randomUUID()}`;
  await db.updateTable('wardrobe_items').set({ notes }).where('id', '=', wardrobeItem).execute();
  const shared = await serveLook(db, userId);
  await db.insertInto('outfit_shares').values({ image_id: shared.id, user_id: userId }).execute();
  return { servedLook: served.id, piece: served.piece, savedLook: saved.id, wardrobeItem, notes, sharedLook: shared.id };
}

export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const s = await startTestServer({ env: { ...PROOF_ENV, ...env } });
  const db = s.db.db;

  const signIn = async (email: string, password = PASSWORD) => {
    const res = await send(s.url, { method: 'POST', path: '/api/auth/login', headers: { ...JSON_BODY }, body: JSON.stringify({ email, password }) });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return (res.json as { token: string }).token;
  };

  const register = async (tier: Tier): Promise<Account> => {
    const r = await s.register(tier === 'enthusiast' ? {} : { promoCode: PROMO[tier] });
    if (r.user.tier !== tier) throw new Error(`registered as ${r.user.tier}, not ${tier}`);
    return { id: r.user.id, email: r.email, username: r.username, password: r.password, tier, token: r.token };
  };

  // Every user signs up as a person does (the bot check, a promo code for the tier).
  const [enthusiast, stylist, collector, icon, other, owner, guest] = await Promise.all(
    (['enthusiast', 'stylist', 'collector', 'fashion_icon', 'fashion_icon', 'fashion_icon', 'enthusiast'] as const).map(register),
  );
  const holders = { enthusiast: enthusiast!, stylist: stylist!, collector: collector!, icon: icon!, other: other!, owner: owner! };
  const users = { ...holders, guest: guest! };
  const holdings = Object.fromEntries(await Promise.all(Object.entries(holders).map(async ([k, u]) => [k, await holdingsOf(s, u.id)] as const))) as World['holdings'];

  // Admin tokens: valid; revoked (minted before the admin's token version moved on, as a password
  // reset or `admin remove` does); expired (signed with the server's key, past its expiry).
  await bootstrapAdmin(db, ADMIN_KEY, ADMIN_PASSWORD);
  const adminLogin = async () => {
    const res = await send(s.url, { method: 'POST', path: '/api/admin/login', headers: { ...JSON_BODY }, body: JSON.stringify({ adminKey: ADMIN_KEY, password: ADMIN_PASSWORD }) });
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
    return (res.json as { token: string }).token;
  };
  const revokedAdmin = await adminLogin();
  await db.updateTable('admins').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('admin_key', '=', ADMIN_KEY).execute();
  const admin = await adminLogin();
  const adminRow = await db.selectFrom('admins').select(['id', 'token_version']).where('admin_key', '=', ADMIN_KEY).executeTakeFirstOrThrow();
  const key = new TextEncoder().encode(await sharedSecret(db, 'admin-jwt'));
  const now = Math.floor(Date.now() / 1000);
  const expiredAdmin = await new SignJWT({ key: ADMIN_KEY, ver: adminRow.token_version }).setProtectedHeader({ alg: 'HS256' }).setSubject(adminRow.id)
    .setAudience('drape-admin').setIssuedAt(now - 7200).setExpirationTime(now - 60).sign(key);

  const tokens: Record<Principal, string | null> = {
    anon: null, enthusiast: enthusiast!.token, stylist: stylist!.token, collector: collector!.token, icon: icon!.token, other: other!.token,
    admin, expiredAdmin, revokedAdmin,
  };

  // A throwaway account: a row with the same password hash as the tier's user, then a real sign-in.
  const { password_hash: hash } = await db.selectFrom('users').select('password_hash').where('id', '=', enthusiast!.id).executeTakeFirstOrThrow();
  const throwaway = async (tier: Tier): Promise<Account> => {
    const name = unique('t');
    const email = `${name}@example.com`;
    const row = await db.insertInto('users').values({ email, username: name.slice(0, 20), first_name: 'Thrown', last_name: 'Away', password_hash: hash, tier })
      .returning(['id', 'username']).executeTakeFirstOrThrow();
    return { id: row.id, email, username: row.username, password: PASSWORD, tier, token: await signIn(email) };
  };

  return { s, users, holdings, tokens, throwaway, signIn, close: () => s.close() };
}
