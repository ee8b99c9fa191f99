import { SignJWT } from 'jose';
import { bootstrapAdmin } from '@drape/auth';
import type { Tier } from '@drape/contracts';
import { insertWardrobeItem, sharedSecret } from '@drape/db';
import { insertClosetPiece } from '../testing/closet';
import { startTestServer, type TestServer } from '../testing/harness';
import type { Principal, UserPrincipal } from './access-expectations';
import { JSON_BODY, send } from './http';
import { serveLook } from './looks';
import { archive } from '@drape/looks';

/**
 * The proof suite's world on one test server: a user of every tier, a second Fashion Icon, the
 * owner (a Fashion Icon whose ids others try and who never signs in during the run, with a held
 * referral), admin tokens valid, expired, revoked, logged out and forged, and the data each user
 * holds.
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
  /** Served to them, then archived: out of every list, nobody's to open but an admin's. */
  archivedLook: string;
  /** A piece of My Pieces, its photo and thumbnail in the private area. */
  closetPiece: string;
}

/** A referral of the owner's, held (docs/decisions/0015): refused callers name it, nobody decides it. */
export interface HeldReferral {
  /** The friend who signed up (the id the admin's decision names). */
  friendId: string;
  friendEmail: string;
}

export interface World {
  s: TestServer;
  /** The principals' users and the owner. */
  users: Record<UserPrincipal | 'owner', Account>;
  holdings: Record<UserPrincipal | 'owner', Holdings>;
  ownerReferral: HeldReferral;
  tokens: Record<Principal, string | null>;
  /** A new account of a tier, not signed in (its token empty): for the sign-in calls. */
  account(tier: Tier): Promise<Account>;
  /** A throwaway user of a tier, signed in: for calls that end sessions, change a password or delete the account. */
  throwaway(tier: Tier): Promise<Account>;
  /** A user who signed up through `referrerId`'s link, their referral in this standing. */
  referred(referrerId: string, status: 'held' | 'released' | 'revoked'): Promise<HeldReferral>;
  /** A fresh admin sign-in (for a call that ends its token); its address is in fixtureAddresses. */
  adminToken(): Promise<string>;
  /** Addresses of the sign-ins the fixtures made during a run (their audit rows are theirs, not a call's). */
  fixtureAddresses: Set<string>;
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
  const archived = await serveLook(db, userId);
  await archive(db, [archived.id]);
  const closetPiece = await insertClosetPiece(db, s.storage, userId);
  return { servedLook: served.id, piece: served.piece, savedLook: saved.id, wardrobeItem, notes, sharedLook: shared.id, archivedLook: archived.id, closetPiece };
}

export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const s = await startTestServer({ env: { ...PROOF_ENV, ...env } });
  // Every call goes to one origin, as by default: with ADMIN_ORIGIN set the main origin answers no
  // admin path and the admin origin no user path (decision 16), which no row of the matrix expects.
  if (s.adminUrl) {
    await s.close();
    throw new Error('The proofs run without ADMIN_ORIGIN: the user and admin APIs on one origin.');
  }
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
  const [enthusiast, stylist, collector, icon, other, owner] = await Promise.all(
    (['enthusiast', 'stylist', 'collector', 'fashion_icon', 'fashion_icon', 'fashion_icon'] as const).map(register),
  );
  const users = { enthusiast: enthusiast!, stylist: stylist!, collector: collector!, icon: icon!, other: other!, owner: owner! };
  const holders = users;
  const holdings = Object.fromEntries(await Promise.all(Object.entries(holders).map(async ([k, u]) => [k, await holdingsOf(s, u.id)] as const))) as World['holdings'];

  // Admin tokens: valid; revoked (minted before the admin's token version moved on, as a password
  // reset or `admin remove` does); expired (signed with the server's key, past its expiry); logged
  // out (its id on the deny list); forged (well-formed, signed with a key that is not the server's).
  await bootstrapAdmin(db, ADMIN_KEY, ADMIN_PASSWORD);
  const fixtureAddresses = new Set<string>();
  const adminToken = async () => {
    const res = await send(s.url, { method: 'POST', path: '/api/admin/login', headers: { ...JSON_BODY }, body: JSON.stringify({ adminKey: ADMIN_KEY, password: ADMIN_PASSWORD }) });
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
    fixtureAddresses.add(res.address);
    return (res.json as { token: string }).token;
  };
  const revokedAdmin = await adminToken();
  await db.updateTable('admins').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('admin_key', '=', ADMIN_KEY).execute();
  const admin = await adminToken();
  const deniedAdmin = await adminToken();
  const logout = await send(s.url, { method: 'POST', path: '/api/admin/logout', token: deniedAdmin });
  if (logout.status !== 200) throw new Error(`admin logout failed: ${logout.status} ${logout.text}`);
  const adminRow = await db.selectFrom('admins').select(['id', 'token_version']).where('admin_key', '=', ADMIN_KEY).executeTakeFirstOrThrow();
  const key = new TextEncoder().encode(await sharedSecret(db, 'admin-jwt'));
  const now = Math.floor(Date.now() / 1000);
  const claims = () => new SignJWT({ key: ADMIN_KEY, ver: adminRow.token_version }).setProtectedHeader({ alg: 'HS256' }).setSubject(adminRow.id).setAudience('drape-admin');
  const expiredAdmin = await claims().setJti(crypto.randomUUID()).setIssuedAt(now - 7200).setExpirationTime(now - 60).sign(key);
  const forgedAdmin = await claims().setJti(crypto.randomUUID()).setIssuedAt(now).setExpirationTime(now + 3600).sign(crypto.getRandomValues(new Uint8Array(32)));

  const tokens: Record<Principal, string | null> = {
    anon: null, enthusiast: enthusiast!.token, stylist: stylist!.token, collector: collector!.token, icon: icon!.token, other: other!.token,
    admin, expiredAdmin, revokedAdmin, deniedAdmin, forgedAdmin,
  };

  // Accounts made as rows with the same password hash as the tier's user (a sign-up costs a bot check).
  const { password_hash: hash } = await db.selectFrom('users').select('password_hash').where('id', '=', enthusiast!.id).executeTakeFirstOrThrow();
  const insertUser = async (tier: Tier, referredBy: string | null = null) => {
    const name = unique('t');
    const email = `${name}@example.com`;
    const row = await db.insertInto('users').values({ email, username: name.slice(0, 20), first_name: 'Thrown', last_name: 'Away', password_hash: hash, tier, referred_by: referredBy })
      .returning(['id', 'username']).executeTakeFirstOrThrow();
    return { id: row.id, email, username: row.username, password: PASSWORD, tier, token: '' };
  };
  const account = (tier: Tier) => insertUser(tier);
  const throwaway = async (tier: Tier): Promise<Account> => {
    const a = await insertUser(tier);
    return { ...a, token: await signIn(a.email) };
  };
  // As registration records a referral from a network the referrer's friends signed up from already.
  const referred = async (referrerId: string, status: 'held' | 'released' | 'revoked'): Promise<HeldReferral> => {
    const friend = await insertUser('enthusiast', referrerId);
    await db.insertInto('referrals').values({
      user_id: friend.id, referrer_id: referrerId, network: '203.0.113.0/24', status, hold_reason: 'same_network',
      ...(status === 'held' ? {} : { decided_at: new Date(), decided_by: ADMIN_KEY }),
    }).execute();
    return { friendId: friend.id, friendEmail: friend.email };
  };
  const ownerReferral = await referred(owner!.id, 'held');

  return { s, users, holdings, ownerReferral, tokens, account, throwaway, referred, adminToken, fixtureAddresses, signIn, close: () => s.close() };
}
