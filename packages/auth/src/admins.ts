import { randomBytes } from 'node:crypto';
import type { Db } from '@drape/db';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';

/**
 * Creates the admin or sets its password. A new password raises the admin's token version, so
 * that tokens signed before stop working; setting the same password again (a restart with the same
 * ADMIN_PASSWORD) changes nothing.
 */
export async function upsertAdmin(db: Db, adminKey: string, password: string): Promise<'created' | 'changed' | 'unchanged'> {
  const existing = await db.selectFrom('admins').select(['id', 'password_hash']).where('admin_key', '=', adminKey).executeTakeFirst();
  if (existing && (await verifyPassword(existing.password_hash, password))) return 'unchanged';
  const password_hash = await hashPassword(password);
  if (existing) {
    await db.updateTable('admins').set((eb) => ({ password_hash, token_version: eb('token_version', '+', 1) })).where('id', '=', existing.id).execute();
    return 'changed';
  }
  await db.insertInto('admins').values({ admin_key: adminKey, password_hash }).onConflict((oc) => oc.column('admin_key').doNothing()).execute();
  return 'created';
}

/** Removes an admin: its tokens stop working at their next use. */
export async function removeAdmin(db: Db, adminKey: string): Promise<boolean> {
  const res = await db.deleteFrom('admins').where('admin_key', '=', adminKey).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The admin for a key and password, or null. An unknown key costs the same password check as a
 * known one, so the answer's timing does not tell which keys exist.
 */
export async function verifyAdmin(db: Db, adminKey: string, password: string): Promise<{ id: string; adminKey: string; tokenVersion: number } | null> {
  const row = await db.selectFrom('admins').selectAll().where('admin_key', '=', adminKey).executeTakeFirst();
  if (!row) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(row.password_hash, password))) return null;
  await db.updateTable('admins').set({ last_login_at: new Date() }).where('id', '=', row.id).execute();
  return { id: row.id, adminKey: row.admin_key, tokenVersion: row.token_version };
}

/** The key of the admin made at the first start when ADMIN_KEY is not set. */
export const DEFAULT_ADMIN_KEY = 'admin';

/**
 * At start: ADMIN_KEY/ADMIN_PASSWORD set the admin; with neither and no admin yet, one is made
 * with a random password that the caller prints once, so a fresh install can sign in.
 */
export async function bootstrapAdmin(db: Db, adminKey?: string, adminPassword?: string): Promise<{ adminKey: string; password: string } | null> {
  if (adminKey && adminPassword) {
    await upsertAdmin(db, adminKey, adminPassword);
    return null;
  }
  const any = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const password = randomBytes(12).toString('base64url');
  await upsertAdmin(db, adminKey ?? DEFAULT_ADMIN_KEY, password);
  return { adminKey: adminKey ?? DEFAULT_ADMIN_KEY, password };
}
