import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (about 10 ms here).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/**
 * The hashing and checking run on libuv's thread pool, a few at a time; under a burst of sign-ins
 * the rest wait in its queue. With a signal, a check still waiting when it aborts (the client left)
 * is taken out of the queue and rejects, instead of costing its CPU for nobody; one already
 * running finishes, and a signal aborted before the call is not looked at (check it first).
 */
export function hashPassword(password: string, signal?: AbortSignal): Promise<string> {
  return hash(password, OPTIONS, signal);
}

/** Whether the password matches; rejects only when `signal` aborted it (never a wrong answer). */
export async function verifyPassword(hashed: string, password: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return await verify(hashed, password, null, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    return false;
  }
}

/** Spent on a login for an unknown email, so that timing does not tell which emails exist. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string, signal?: AbortSignal): Promise<void> {
  dummyHash ??= hashPassword('drape-timing-equaliser');
  await verifyPassword(await dummyHash, password, signal);
}
