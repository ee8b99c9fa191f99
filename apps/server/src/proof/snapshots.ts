import { sql } from 'kysely';
import type { Db } from '@drape/db';

/**
 * Fingerprints of database state, to show that a refused call changed nothing: a row count and an
 * md5 of the rows' text per table (or per part of one user's data).
 */
export type Fingerprint = Record<string, string>;

/**
 * What a refused request may write, by design, and which is therefore left out:
 * - `rate_limits`: every try is counted, refused or not (that is what a limit is);
 * - `bot_check_uses`: a spent bot-check solution is recorded whatever the request's fate, so that
 *   it cannot be replayed (issue 15 moves the check before the existence checks of sign-up);
 * - `admin_audit_log`, its refusal rows only: refused admin calls and failed admin sign-ins are
 *   audited (issue 15 §6); a refused request never writes a change's row.
 */
export const WRITTEN_WHEN_REFUSED = ['rate_limits', 'bot_check_uses', "admin_audit_log (outcome 'refused')"] as const;
const LEFT_OUT = new Set(['rate_limits', 'bot_check_uses']);
/** Rows of a table that a refused request may write (left out of its fingerprint). */
const ROWS_LEFT_OUT: Record<string, string> = { admin_audit_log: "x.outcome = 'refused'" };

/**
 * Columns a refused request may touch: validating a session slides its expiry and notes its last
 * activity and address (every authenticated call does, before its input is read).
 */
const ROW_TEXT: Record<string, string> = { sessions: '(x.id, x.user_id, x.created_at)::text' };

/** The pool's own query, for a named (prepared) statement: planning the union is most of its cost. */
export interface Queryable {
  query(config: { name: string; text: string }): Promise<{ rows: unknown[] }>;
}

let statement: string | null = null;

/** Every table of the application's schema but those written on refusal, each as `rows:md5`. */
export async function databaseFingerprint(db: Db, pool: Queryable): Promise<Fingerprint> {
  if (!statement) {
    const tables = (await sql<{ name: string }>`
      select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)).rows
      .map((r) => r.name)
      .filter((t) => !LEFT_OUT.has(t));
    statement = tables.map((t) => {
      const text = ROW_TEXT[t] ?? 'x::text';
      const where = ROWS_LEFT_OUT[t] ? ` where not (${ROWS_LEFT_OUT[t]})` : '';
      return `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(${text}, '|' order by ${text}), '')) as h from "${t}" x${where}`;
    }).join(' union all ');
  }
  const { rows } = await pool.query({ name: 'proof-database-fingerprint', text: statement });
  return Object.fromEntries((rows as { t: string; h: string }[]).map((r) => [r.t, r.h]));
}

/** The tables whose fingerprints differ. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]).sort();
}

export interface OwnerIds {
  userId: string;
  email: string;
  /** Looks only the owner may see (served, saved): nobody else may view, save, share or click them. */
  privateLooks: string[];
  /** Every look the owner holds, shared ones too: their rows must not change. */
  looks: string[];
  /** Rows of other kinds that refused callers name. */
  blockedImages: string[];
  /** The friends whose referrals the owner made (held ones, which refused callers try to decide). */
  referralFriends: string[];
}

/**
 * One user's data and everything others could have done to it: the account, its sessions,
 * wardrobe, views, shares, usage, clicks, reset tokens, referrals and closet pieces; the rows of
 * the looks it holds; and what anybody else did with its private looks (views, saves, shares, clicks).
 */
export async function ownerFingerprint(db: Db, o: OwnerIds): Promise<Fingerprint> {
  const part = (name: string, query: ReturnType<typeof sql>) => sql`select ${name} as t, (select count(*)::text || ':' || md5(coalesce(string_agg(r, '|' order by r), '')) from (${query}) q(r)) as h`;
  const priv = sql`(${sql.join(o.privateLooks.map((id) => sql`${id}::uuid`))})`;
  const looks = sql`(${sql.join(o.looks.map((id) => sql`${id}::uuid`))})`;
  const blocked = sql`(${sql.join(o.blockedImages.map((id) => sql`${id}::uuid`))})`;
  const friends = sql`(${sql.join(o.referralFriends.map((id) => sql`${id}::uuid`))})`;
  const parts = [
    part('users', sql`select x::text from users x where id = ${o.userId}`),
    part('sessions', sql`select (x.id, x.user_id, x.created_at, x.expires_at)::text from sessions x where user_id = ${o.userId}`),
    part('wardrobe_items', sql`select x::text from wardrobe_items x where user_id = ${o.userId} or image_id in ${priv}`),
    part('image_views', sql`select x::text from image_views x where user_id = ${o.userId} or image_id in ${priv}`),
    part('outfit_shares', sql`select x::text from outfit_shares x where user_id = ${o.userId} or image_id in ${priv}`),
    part('daily_usage', sql`select x::text from daily_usage x where user_id = ${o.userId}`),
    part('shopping_clicks', sql`select x::text from shopping_clicks x where user_id = ${o.userId} or image_id in ${priv}`),
    part('password_reset_tokens', sql`select x::text from password_reset_tokens x where user_id = ${o.userId}`),
    part('mail_outbox', sql`select x::text from mail_outbox x where recipient = ${o.email}`),
    part('generated_images', sql`select x::text from generated_images x where id in ${looks}`),
    part('fashion_items', sql`select x::text from fashion_items x where image_id in ${looks}`),
    part('blocked_images', sql`select x::text from blocked_images x where id in ${blocked}`),
    part('referrals', sql`select x::text from referrals x where referrer_id = ${o.userId} or user_id = ${o.userId} or user_id in ${friends}`),
    part('closet_pieces', sql`select x::text from closet_pieces x where user_id = ${o.userId}`),
  ];
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}
