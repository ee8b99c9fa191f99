import { cancelBatch, startSequentialBatch } from '@drape/operations';
import { combinationCode } from '@drape/contracts';
import { insertWardrobeItem } from '@drape/db';
import { blockLook } from '../testing/blocked';
import { insertClosetPiece } from '../testing/closet';
import { isUserPrincipal, type Principal } from './access-expectations';
import { CURATED, HELD, insertLook, serveLook } from './looks';
import { ADMIN_KEY, TIER_OF, type Account, type Holdings, type World } from './world';

/**
 * What one call may name, for one principal: its own things when a signed-in user calls a user
 * path (fresh where a call uses one up), the owner's for everyone else. An admin token gets fresh
 * admin fixtures; a refused caller on an admin path names the owner's looks and id, so that a
 * hole would show as a change to the owner's data.
 */
export interface CallContext {
  world: World;
  principal: Principal;
  /** Whether the ids are the caller's own. */
  own: boolean;
  ids: Holdings;
  /** A LookBook look (public). */
  lookbookLook: string;
  /** A look freshly served to the caller, or the owner's served look. */
  servedLook(): Promise<string>;
  /** A look freshly saved to the caller's wardrobe, or the owner's saved look. */
  savedLook(): Promise<string>;
  /** A piece freshly added to the caller's closet, or the owner's piece. */
  closetPiece(): Promise<string>;
  /** A new session of the caller's own account (a user principal), else the caller's token. */
  session(): Promise<string | null>;
  /**
   * A signed-in throwaway account of the caller's tier (its token to call with); a caller without
   * a session gets the owner's credentials and keeps its own token.
   */
  throwaway(): Promise<{ account: Pick<Account, 'email' | 'password'>; token: string | null }>;
  admin: AdminFixtures;
}

/** The admin's fixtures; for a caller without a valid admin token, the owner's things instead. */
export interface AdminFixtures {
  /** A viewable look nobody holds. */
  look(): Promise<string>;
  /** A LookBook look and its combination code. */
  lookbookLook(): Promise<{ id: string; code: string }>;
  /** A LookBook look in the showcase. */
  showcaseLook(): Promise<string>;
  /** A signed-in user of nobody's concern. */
  user(): Promise<string>;
  /** A pending blocked image. */
  blocked(): Promise<string>;
  /** A running batch job (any other running batch cancelled first). */
  runningBatch(): Promise<string>;
  /** No batch running, so that a start is not refused as busy. */
  idle(): Promise<void>;
  /** A combination that exists (makeVictims makes it). */
  combinationCode: string;
  /** A fresh admin key with the admin's password (admin login is limited per key). */
  adminKey(): Promise<string>;
  /** A fresh sign-in of the admin (for a call that ends it); a refused caller keeps its own token. */
  token(): Promise<string | null>;
  /** A referrer with a held referral (the owner, for a refused caller). */
  referrer(): Promise<string>;
  /** The friend of a fresh referral in this standing (the owner's held one, for a refused caller). */
  referral(status: 'held' | 'released' | 'revoked'): Promise<string>;
}

export interface Victims {
  /** A LookBook look (nobody's). */
  lookbookLook: string;
  /** A pending blocked image that refused callers name; it must still be pending after the run. */
  blocked: string;
  /** A blocked image rendered once, which the admin's fresh ones copy (a render per call would cost seconds). */
  blockedTemplate: string;
}

/** The victims, and the admin's combination (every admin call names it) made to exist. */
export async function makeVictims(world: World): Promise<Victims> {
  const lookbook = await insertLook(world.s.db.db, CURATED, 'lookbook');
  return { lookbookLook: lookbook.id, blocked: await blockLook(world.s, HELD), blockedTemplate: await blockLook(world.s, HELD) };
}

/** A pending copy of a blocked image: its row, and its private picture under a key of its own. */
async function copyBlocked(world: World, templateId: string): Promise<string> {
  const db = world.s.db.db;
  const { id: _id, blocked_at: _at, ...row } = await db.selectFrom('blocked_images').selectAll().where('id', '=', templateId).executeTakeFirstOrThrow();
  const file = await world.s.storage.get('private', row.storage_key!);
  if (!file) throw new Error('the blocked template has no picture');
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  const jobId = crypto.randomUUID();
  const key = row.storage_key!.replace(/[^/]+(\.\w+)$/, `${jobId}$1`);
  await world.s.storage.put('private', key, Buffer.concat(chunks));
  const copy = await db.insertInto('blocked_images').values({
    ...row, job_id: jobId, storage_key: key, rejection_details: JSON.stringify(row.rejection_details),
    quality: row.quality ? JSON.stringify(row.quality) : null, pieces: row.pieces ? JSON.stringify(row.pieces) : null,
  }).returning('id').executeTakeFirstOrThrow();
  return copy.id;
}

const signInAgain = (world: World, account: Account) => world.signIn(account.email, account.password);

export function callContext(world: World, principal: Principal, procedure: string, victims: Victims): CallContext {
  const db = world.s.db.db;
  const own = isUserPrincipal(principal) && principal !== 'other' && !procedure.startsWith('admin.');
  const caller = isUserPrincipal(principal) ? world.users[principal] : null;
  const ids = own && caller ? world.holdings[principal as keyof World['holdings']] : world.holdings.owner;
  const owner = world.holdings.owner;
  const isAdmin = principal === 'admin';

  const admin: AdminFixtures = {
    look: async () => (isAdmin ? (await insertLook(db, CURATED)).id : owner.servedLook),
    lookbookLook: async () => {
      if (!isAdmin) return { id: owner.servedLook, code: combinationCode(HELD) };
      const look = await insertLook(db, CURATED, 'lookbook');
      return { id: look.id, code: look.code };
    },
    showcaseLook: async () => (isAdmin ? (await insertLook(db, CURATED, 'lookbook', { inShowcase: true })).id : owner.servedLook),
    user: async () => (isAdmin ? (await world.throwaway('stylist')).id : world.users.owner.id),
    blocked: async () => (isAdmin ? copyBlocked(world, victims.blockedTemplate) : victims.blocked),
    runningBatch: async () => {
      if (!isAdmin) return crypto.randomUUID();
      await cancelBatch(db);
      return startSequentialBatch(db, world.s.services.jobs, { limit: 1 });
    },
    idle: async () => {
      if (isAdmin) await cancelBatch(db);
    },
    combinationCode: combinationCode(CURATED),
    adminKey: async () => {
      const { password_hash } = await db.selectFrom('admins').select('password_hash').where('admin_key', '=', ADMIN_KEY).executeTakeFirstOrThrow();
      const key = `proof-${crypto.randomUUID().slice(0, 8)}`;
      await db.insertInto('admins').values({ admin_key: key, password_hash }).execute();
      return key;
    },
    token: async () => (isAdmin ? world.adminToken() : world.tokens[principal]),
    referrer: async () => {
      if (!isAdmin) return world.users.owner.id;
      const referrer = await world.account('stylist');
      await world.referred(referrer.id, 'held');
      return referrer.id;
    },
    referral: async (status) => (isAdmin ? (await world.referred((await world.account('stylist')).id, status)).friendId : world.ownerReferral.friendId),
  };

  return {
    world,
    principal,
    own,
    ids,
    lookbookLook: victims.lookbookLook,
    servedLook: async () => (own && caller ? (await serveLook(db, caller.id)).id : ids.servedLook),
    savedLook: async () => {
      if (!(own && caller)) return ids.savedLook;
      const look = await serveLook(db, caller.id);
      await insertWardrobeItem(db, caller.id, look.id);
      return look.id;
    },
    closetPiece: async () => (own && caller ? insertClosetPiece(db, world.s.storage, caller.id) : ids.closetPiece),
    session: async () => (caller ? signInAgain(world, caller) : world.tokens[principal]),
    throwaway: async () => {
      if (!isUserPrincipal(principal)) return { account: world.users.owner, token: world.tokens[principal] };
      const account = await world.throwaway(TIER_OF[principal]);
      return { account, token: account.token };
    },
    admin,
  };
}
