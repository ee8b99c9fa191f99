import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type pg from 'pg';
import { DATA_EXPORT_LIMIT } from '@drape/contracts/user';
import { addressLimitKey } from './client-network';

/**
 * Limits on abuse-prone calls, kept in PostgreSQL so that every server process shares them.
 * Per-IP limits are looser than per-account ones: many people can share one address. A limit with
 * `perAddress` is keyed by the client address, an IPv6 one by its /64 (client-network.ts).
 */
export const LIMITS = {
  loginIp: { points: 30, duration: 15 * 60, perAddress: true },
  loginEmail: { points: 10, duration: 15 * 60 },
  // Confirming the password (change password, delete account): like a login, per account.
  confirmPasswordUser: { points: 10, duration: 15 * 60 },
  registerIp: { points: 20, duration: 60 * 60, perAddress: true },
  adminLoginIp: { points: 20, duration: 15 * 60, perAddress: true },
  adminLoginKey: { points: 10, duration: 15 * 60 },
  forgotIp: { points: 10, duration: 15 * 60, perAddress: true },
  // The referrer search runs as a person types (debounced): generous for that, too few to list members.
  searchUsersIp: { points: 120, duration: 15 * 60, perAddress: true },
  // The sign-up form's live username check (debounced 500 ms): a person tries a few names, a
  // script walking a name list to learn who is a member stops here.
  checkUsernameIp: { points: 120, duration: 15 * 60, perAddress: true },
  forgotEmail: { points: 5, duration: 60 * 60 },
  generateUser: { points: 60, duration: 60 },
  // The admin's single generator: every call is a fresh render, so each admin key has a daily cap.
  adminGenerateKey: { points: 200, duration: 24 * 60 * 60 },
  // Shopping clicks: a shopper opens a few links a look; this only stops a script filling the table.
  shoppingClickUser: { points: 300, duration: 60 * 60 },
  // Each share makes a look's link public: plenty for a person sharing looks, a stop for a script in a loop.
  shareUser: { points: 60, duration: 60 * 60 },
  // Wardrobe writes (save, remove, notes): a person curating a wardrobe by hand stays far below;
  // a script saving the LookBook in a loop does not.
  wardrobeUser: { points: 300, duration: 60 * 60 },
  // My Pieces' writes (an upload, a correction, a deletion): a person photographing a wardrobe
  // stays below; a script uploading in a loop (each photo decoded and encoded) does not.
  closetUser: { points: 300, duration: 60 * 60 },
  // Download my data: each reads every table of the user's (contracts: DATA_EXPORT_LIMIT).
  dataExportUser: DATA_EXPORT_LIMIT,
} as const satisfies Record<string, { points: number; duration: number; perAddress?: true }>;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one try; answers the wait in seconds when the limit is already spent. */
  consume(name: LimitName, key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
  reset(name: LimitName, key: string): Promise<void>;
  /** Gives back the try just counted (a sign-in that succeeded: the limits count failures only). */
  refund(name: LimitName, key: string): Promise<void>;
}

/**
 * The stored key: case-folded, and hashed when long, so that any accepted input (a 254-character
 * email) fits the store's 255-character key with its prefix.
 */
function storedKey(key: string): string {
  const folded = key.toLowerCase();
  return folded.length <= 128 ? folded : `sha256:${createHash('sha256').update(folded).digest('hex')}`;
}

export function createRateLimits(pool: pg.Pool): RateLimits {
  const limiters = new Map<LimitName, RateLimiterPostgres>();
  const get = (name: LimitName) => {
    let l = limiters.get(name);
    if (!l) {
      l = new RateLimiterPostgres({
        storeClient: pool, tableName: 'rate_limits', tableCreated: true, keyPrefix: name, points: LIMITS[name].points, duration: LIMITS[name].duration,
      });
      limiters.set(name, l);
    }
    return l;
  };
  const keyOf = (name: LimitName, key: string) => storedKey('perAddress' in LIMITS[name] ? addressLimitKey(key) : key);
  return {
    async consume(name, key) {
      try {
        await get(name).consume(keyOf(name, key));
        return { ok: true };
      } catch (err) {
        if (err instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        throw err;
      }
    },
    async reset(name, key) {
      await get(name).delete(keyOf(name, key));
    },
    async refund(name, key) {
      await get(name).reward(keyOf(name, key), 1);
    },
  };
}
