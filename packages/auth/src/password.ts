import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (about 10 ms here).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Spent on a login for an unknown email, so that timing does not tell which emails exist. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('drape-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
