import { sql } from 'kysely';
import { LOOKBOOK_SESSION_IDLE_MINUTES } from '@drape/contracts/lookbook';
import type { Db } from '@drape/db';

/**
 * A capped tier's LookBook session, kept per user in `lookbook_sessions` (migration 0024;
 * docs/decisions/0011, amended by issue 18). One statement per page: it opens a session when
 * there is none, or when the last one is over (signed out, or idle for 30 minutes), at the
 * position where that one stopped (`window_start + viewed`, wrapping at the list's `end`); it
 * records how far this page reaches and that the session was active now; it answers where the
 * window starts. PostgreSQL's clock decides idleness, so that every server process agrees.
 */
export async function touchLookbookSession(db: Db, userId: string, reach: number, end: number): Promise<number> {
  const over = sql<boolean>`(lookbook_sessions.last_active_at is null or lookbook_sessions.last_active_at < now() - make_interval(mins => ${LOOKBOOK_SESSION_IDLE_MINUTES}))`;
  const row = await db
    .insertInto('lookbook_sessions')
    .values({ user_id: userId, window_start: 0, viewed: reach, last_active_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        window_start: sql<number>`case when ${over} then (lookbook_sessions.window_start + lookbook_sessions.viewed) % ${end}::int else lookbook_sessions.window_start end`,
        viewed: sql<number>`case when ${over} then ${reach}::int else greatest(lookbook_sessions.viewed, ${reach}::int) end`,
        last_active_at: sql<Date>`now()`,
      }),
    )
    .returning('window_start')
    .executeTakeFirstOrThrow();
  return row.window_start % end;
}

/** Sign-out ends the user's LookBook session: the next page opens a new one where it stopped. */
export async function endLookbookSession(db: Db, userId: string): Promise<void> {
  await db.updateTable('lookbook_sessions').set({ last_active_at: null }).where('user_id', '=', userId).execute();
}
