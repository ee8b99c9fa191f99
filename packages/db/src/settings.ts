import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './client';

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql`now()` }))
    .execute();
}

/**
 * A secret shared by every server and pipeline process (HMAC and JWT keys): made once, kept in
 * the database so that N processes agree without configuration.
 */
const secrets = new WeakMap<Db, Map<string, Promise<string>>>();

export function sharedSecret(db: Db, name: string): Promise<string> {
  // Secrets never change once made: one read per process, not one per request.
  let cache = secrets.get(db);
  if (!cache) secrets.set(db, (cache = new Map()));
  let value = cache.get(name);
  if (!value) {
    value = loadSecret(db, name);
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}

async function loadSecret(db: Db, name: string): Promise<string> {
  const key = `secret:${name}`;
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const value = await getSetting<string>(db, key);
  if (!value) throw new Error(`shared secret ${name} missing`);
  return value;
}
