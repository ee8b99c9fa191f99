import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type pg from 'pg';

/**
 * Limits on abuse-prone calls, kept in PostgreSQL so that every server process shares them.
 * Per-IP limits are looser than per-account ones: many people can share one address.
 */
export const LIMITS = {
  loginIp: { points: 30, duration: 15 * 60 },
  loginEmail: { points: 10, duration: 15 * 60 },
  registerIp: { points: 20, duration: 60 * 60 },
  forgotIp: { points: 10, duration: 15 * 60 },
  forgotEmail: { points: 5, duration: 60 * 60 },
  generateUser: { points: 60, duration: 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one try; answers the wait in seconds when the limit is already spent. */
  consume(name: LimitName, key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
  reset(name: LimitName, key: string): Promise<void>;
}

export function createRateLimits(pool: pg.Pool): RateLimits {
  const limiters = new Map<LimitName, RateLimiterPostgres>();
  const get = (name: LimitName) => {
    let l = limiters.get(name);
    if (!l) {
      l = new RateLimiterPostgres({
        storeClient: pool, tableName: 'rate_limits', tableCreated: true, keyPrefix: name, ...LIMITS[name],
      });
      limiters.set(name, l);
    }
    return l;
  };
  return {
    async consume(name, key) {
      try {
        await get(name).consume(key.toLowerCase());
        return { ok: true };
      } catch (err) {
        if (err instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        throw err;
      }
    },
    async reset(name, key) {
      await get(name).delete(key.toLowerCase());
    },
  };
}
