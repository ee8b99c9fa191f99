import { sql, type Kysely } from 'kysely';

/**
 * Every change to what a signed-in call reads with its session (docs/decisions/0029) notifies
 * `caller_changes` with the user's id, whoever writes it (a procedure, the CLI, the maintenance,
 * SQL by hand): each server process drops that user's cached sessions. Ending a session deletes
 * its row (sign-out, sign-out everywhere, an admin ending them, a password change or reset, the
 * purge of a deleted account); any update of a session (its expiry moved by hand, or the activity
 * time a call writes at most once a minute) drops it too, so no column of a cached session can be
 * stale for longer than a notification takes; a tier change, a deletion request or any profile change updates the
 * user; usage and referrals are the profile's counts. PostgreSQL delivers a notification after its
 * transaction commits, once per distinct payload per transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The trigger's argument names the column that holds the user's id in its table.
  await sql`
    create function notify_caller_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('caller_changes', to_jsonb(case when TG_OP = 'DELETE' then old else new end) ->> TG_ARGV[0]);
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_caller_change after update or delete on sessions for each row execute function notify_caller_change('user_id')`.execute(db);
  await sql`create trigger users_caller_change after update or delete on users for each row execute function notify_caller_change('id')`.execute(db);
  await sql`create trigger daily_usage_caller_change after insert or update or delete on daily_usage for each row execute function notify_caller_change('user_id')`.execute(db);
  await sql`create trigger referrals_caller_change after insert or update or delete on referrals for each row execute function notify_caller_change('referrer_id')`.execute(db);
}
