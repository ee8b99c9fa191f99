import { sql, type Kysely } from 'kysely';

/**
 * The audit log: every change an administrator makes, from the admin area or the operator CLI
 * (who, what, which object, when, from where). Rows are only ever added; the admin area and
 * `npm run drape -- audit` read them newest first, by the bigserial id (keyset paging).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor text not null,
      actor_kind text not null check (actor_kind in ('admin', 'cli')),
      action text not null,
      target_type text,
      target_id text,
      details jsonb not null default '{}',
      ip_address text,
      user_agent text
    )`.execute(db);
  await sql`create index admin_audit_log_action on admin_audit_log (action, id desc)`.execute(db);
  await sql`create index admin_audit_log_target on admin_audit_log (target_id, id desc) where target_id is not null`.execute(db);
}
