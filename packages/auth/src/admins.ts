import { randomBytes } from 'node:crypto';
import type { Db } from '@drape/db';
import { hashPassword, verifyPassword } from './password';

/** Creates the admin or sets its password. */
export async function upsertAdmin(db: Db, adminKey: string, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db
    .insertInto('admins')
    .values({ admin_key: adminKey, password_hash })
    .onConflict((oc) => oc.column('admin_key').doUpdateSet({ password_hash }))
    .execute();
}

export async function verifyAdmin(db: Db, adminKey: string, password: string): Promise<{ id: string; adminKey: string } | null> {
  const row = await db.selectFrom('admins').selectAll().where('admin_key', '=', adminKey).executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, password))) return null;
  await db.updateTable('admins').set({ last_login_at: new Date() }).where('id', '=', row.id).execute();
  return { id: row.id, adminKey: row.admin_key };
}

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
  await upsertAdmin(db, adminKey ?? 'admin', password);
  return { adminKey: adminKey ?? 'admin', password };
}
