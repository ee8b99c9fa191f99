import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m0001 from '../migrations/0001-accounts';
import * as m0002 from '../migrations/0002-pipeline-workers';
import * as m0003 from '../migrations/0003-catalogue-and-looks';
import * as m0004 from '../migrations/0004-color-spelling';
import * as m0005 from '../migrations/0005-generation-outcomes';
import * as m0006 from '../migrations/0006-admin-token-version';
import * as m0007 from '../migrations/0007-shopping-clicks';
import * as m0008 from '../migrations/0008-outfit-shares';
import * as m0009 from '../migrations/0009-wardrobe-and-lookbook';
import * as m0010 from '../migrations/0010-admin-audit-log';
import * as m0011 from '../migrations/0011-admin-counters';
import * as m0012 from '../migrations/0012-gallery-indexes';
import * as m0013 from '../migrations/0013-showcase';
import * as m0014 from '../migrations/0014-blocked-image-looks';
import * as m0015 from '../migrations/0015-admin-user-list';
import * as m0016 from '../migrations/0016-referral-holds';
import * as m0017 from '../migrations/0017-admin-logout-and-refusals';
import * as m0018 from '../migrations/0018-outbox-bodies';
import * as m0019 from '../migrations/0019-mail-retries';
import * as m0020 from '../migrations/0020-lookbook-changes';
import * as m0021 from '../migrations/0021-wardrobe-covering-indexes';
import * as m0022 from '../migrations/0022-caller-changes';
import * as m0023 from '../migrations/0023-wardrobe-card-changes';
import * as m0024 from '../migrations/0024-lookbook-sessions';
import * as m0025 from '../migrations/0025-look-preview-and-ai-mark';
import * as m0026 from '../migrations/0026-closet';
import * as m0027 from '../migrations/0027-stylist-notes';
import * as m0028 from '../migrations/0028-personal-looks';

/** Migrations are listed here in order: no folder scanning, so bundling and tsx behave alike. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_pipeline_workers': m0002,
  '0003_catalogue_and_looks': m0003,
  '0004_color_spelling': m0004,
  '0005_generation_outcomes': m0005,
  '0006_admin_token_version': m0006,
  '0007_shopping_clicks': m0007,
  '0008_outfit_shares': m0008,
  '0009_wardrobe_and_lookbook': m0009,
  '0010_admin_audit_log': m0010,
  '0011_admin_counters': m0011,
  '0012_gallery_indexes': m0012,
  '0013_showcase': m0013,
  '0014_blocked_image_looks': m0014,
  '0015_admin_user_list': m0015,
  '0016_referral_holds': m0016,
  '0017_admin_logout_and_refusals': m0017,
  '0018_outbox_bodies': m0018,
  '0019_mail_retries': m0019,
  '0020_lookbook_changes': m0020,
  '0021_wardrobe_covering_indexes': m0021,
  '0022_caller_changes': m0022,
  '0023_wardrobe_card_changes': m0023,
  '0024_lookbook_sessions': m0024,
  '0025_look_preview_and_ai_mark': m0025,
  '0026_closet': m0026,
  '0027_stylist_notes': m0027,
  '0028_personal_looks': m0028,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The migrations this code knows, in order: a database at level N has applied the first N. */
export const MIGRATION_NAMES: readonly string[] = Object.freeze(Object.keys(MIGRATIONS));

/** The kysely table that records the applied migrations (Kysely's default name). */
export const MIGRATION_TABLE = 'kysely_migration';

export async function migrate(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates up to (and including) `target`, and no further: a restored backup is brought to the
 * level it was made at, then the next start migrates it the rest of the way like any database.
 * `inTransaction`: the caller holds a transaction on `db`'s one connection (Kysely's own would nest).
 */
export async function migrateTo(db: Kysely<any>, target: string, options: { inTransaction?: boolean } = {}): Promise<string[]> {
  if (!MIGRATION_NAMES.includes(target)) throw new Error(`Unknown migration ${target}`);
  const migrator = new Migrator({ db, provider, disableTransactions: options.inTransaction ?? false });
  const { error, results } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The migrations this code knows that the database has not applied (all of them before the first
 * start): a server is not ready while another process is still migrating. One small read, no
 * catalog introspection (Kysely's getMigrations lists every table to find its own).
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  let applied: Set<string>;
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(rows.rows.map((r) => r.name));
  } catch (err) {
    // 42P01: no migration table yet, so nothing is applied.
    if ((err as { code?: string }).code !== '42P01') throw err;
    applied = new Set();
  }
  return Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
}
