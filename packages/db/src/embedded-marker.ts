import { sql } from 'kysely';
import type { Db } from './client';

/**
 * The embedded PostgreSQL (embedded-postgres.ts) starts with this setting on, so that a command
 * that must only touch a throwaway local database (seeding test users and looks) can tell it from
 * a shared or managed one, whatever URL it was given (the e2e suite passes the embedded cluster's
 * URL as DATABASE_URL). A custom setting, not a table row: it belongs to the running server, so a
 * dump restored elsewhere does not carry it.
 */
export const EMBEDDED_SETTING = 'drape.embedded';

export async function isEmbeddedDatabase(db: Db): Promise<boolean> {
  const { rows } = await sql<{ value: string | null }>`select current_setting(${EMBEDDED_SETTING}, true) as value`.execute(db);
  return rows[0]?.value === 'on';
}
