import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import PQueue from 'p-queue';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (about 10 ms here).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/**
 * Hashes and checks run on libuv's thread pool, four threads wide whatever the machine. On two
 * cores, four checks at once took both from the event loop that answers every other call, so a
 * burst of sign-ins slowed every user (the load run, issue 15). At most cores - 1 run at once
 * (at least one); the rest wait here in order, and one whose signal aborts while it waits (its
 * client left) is dropped and rejects, instead of costing its CPU for nobody. One that already
 * runs finishes.
 */
const passwordWork = new PQueue({ concurrency: Math.max(1, os.availableParallelism() - 1) });

/** How many argon2 hashes and checks run now, and how many wait their turn. */
export function passwordWorkload(): { running: number; waiting: number; limit: number } {
  return { running: passwordWork.pending, waiting: passwordWork.size, limit: passwordWork.concurrency };
}

function bounded<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return passwordWork.add(work, { signal });
}

export function hashPassword(password: string, signal?: AbortSignal): Promise<string> {
  return bounded(() => hash(password, OPTIONS, signal), signal);
}

/** Whether the password matches; rejects only when `signal` aborted it (never a wrong answer). */
export async function verifyPassword(hashed: string, password: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return await bounded(() => verify(hashed, password, null, signal), signal);
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
