import { sql, type Kysely } from 'kysely';

/**
 * Admin logout ends one token on the server, and the audit log records refused admin calls.
 *
 * - `admin_token_denylist`: the id (`jti`) of each logged-out admin token, kept until the token
 *   would have expired anyway (the hourly maintenance sweeps the rest), so the list stays as small
 *   as the tokens signed in the last 8 hours.
 * - `admin_audit_log` gains `outcome` ('ok' a change or a read, 'refused' a failed sign-in or a
 *   call without a valid admin token) and, for refusals, coalescing: the rows of one client
 *   address and reason within a window share one `coalesce_key` and count `repeats` (with the
 *   time of the `last_at`), so a flood of refused calls costs one row per address and window, not
 *   one per call (docs/decisions/0013, amended). An unauthenticated caller is actor kind
 *   'anonymous'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_token_denylist (
      jti uuid primary key,
      admin_id uuid not null references admins (id) on delete cascade,
      expires_at timestamptz not null,
      denied_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index admin_token_denylist_expires on admin_token_denylist (expires_at)`.execute(db);

  await sql`alter table admin_audit_log drop constraint admin_audit_log_actor_kind_check`.execute(db);
  await sql`alter table admin_audit_log add constraint admin_audit_log_actor_kind_check check (actor_kind in ('admin', 'cli', 'anonymous'))`.execute(db);
  await sql`alter table admin_audit_log add column outcome text not null default 'ok' check (outcome in ('ok', 'refused'))`.execute(db);
  await sql`alter table admin_audit_log add column repeats integer not null default 1 check (repeats >= 1)`.execute(db);
  await sql`alter table admin_audit_log add column last_at timestamptz`.execute(db);
  await sql`alter table admin_audit_log add column coalesce_key text`.execute(db);
  await sql`create unique index admin_audit_log_coalesce on admin_audit_log (coalesce_key) where coalesce_key is not null`.execute(db);
  // The refusal rows of a window (the budget's count) and of a past (the retention sweep), by time.
  await sql`create index admin_audit_log_refused_at on admin_audit_log (at) where outcome = 'refused'`.execute(db);
  await sql`create index admin_audit_log_outcome on admin_audit_log (outcome, id desc)`.execute(db);
}
