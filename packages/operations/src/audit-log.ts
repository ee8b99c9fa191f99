import { AUDIT_ANONYMOUS_ACTOR, AUDIT_KEPT_FIELDS, AUDIT_REFUSAL_RETENTION_DAYS, AUDIT_REFUSAL_ROWS_PER_WINDOW, AUDIT_REFUSAL_WINDOW_MINUTES, type AuditActorKind, type AuditOutcome, type AuditRefusalReason } from '@drape/contracts/admin';
import { sql } from 'kysely';
import type { Db } from '@drape/db';

/** Who made a change: an administrator through the admin area, or an operator at the CLI. */
export interface AuditActor {
  kind: 'admin' | 'cli';
  /** The admin key, or the operator's login name at the CLI. */
  name: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * One change. `action` is the name of the admin procedure that makes it (`admin.batch.start`), and
 * the CLI command doing the same names the same procedure, so one filter finds both.
 */
export interface AuditEntry {
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  /** `input` and `result`: only the fields AUDIT_KEPT_FIELDS names for the action are kept. */
  details?: { input?: unknown; result?: unknown };
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: string;
  actorKind: AuditActorKind;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  outcome: AuditOutcome;
  /** How many refusals the row stands for (1 for changes), and when the latest was. */
  repeats: number;
  lastAt: string | null;
}

// oxlint-disable-next-line no-control-regex -- NUL is what jsonb cannot hold
const NOT_IN_JSONB = /\u0000|\p{Cs}/gu;

/**
 * A string jsonb can hold: no NUL, no half of a surrogate pair (a cut at 500 may split an emoji).
 * Refused, the row would fail after the change it records was made.
 */
const storable = (s: string) => s.replace(NOT_IN_JSONB, '\uFFFD');

/** A value as stored: long strings cut, so a row stays small, and only what jsonb accepts. */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  if (value === null || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => bounded(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), bounded(v, depth + 1)]));
}

function pick(value: unknown, keys: readonly string[] | undefined): Record<string, unknown> | undefined {
  if (!keys?.length || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kept = Object.entries(value).filter(([k, v]) => keys.includes(k) && v !== undefined);
  return kept.length ? Object.fromEntries(kept.map(([k, v]) => [k, bounded(v)])) : undefined;
}

/**
 * The details as stored: of the input and the answer, only the fields the action's allowlist names
 * (a list in the answer only as its length). An action with no entry keeps nothing of either. An
 * absent or empty input is recorded as null, so "no input" reads the same as before.
 */
export function keptDetails(action: string, details: AuditEntry['details'] = {}): Record<string, unknown> {
  const kept = AUDIT_KEPT_FIELDS[action] ?? {};
  const out: Record<string, unknown> = {};
  if ('input' in details) out.input = pick(details.input, kept.input) ?? null;
  const result = pick(details.result, kept.result) ?? {};
  const answer = details.result;
  if (answer && typeof answer === 'object') {
    for (const list of kept.counts ?? []) {
      const v = (answer as Record<string, unknown>)[list];
      if (Array.isArray(v)) result[`${list}Count`] = v.length;
    }
    for (const [list, fields] of Object.entries(kept.lists ?? {})) {
      const v = (answer as Record<string, unknown>)[list];
      if (Array.isArray(v)) result[list] = v.slice(0, 50).map((item) => pick(item, fields) ?? {});
    }
  }
  if (Object.keys(result).length) out.result = result;
  return out;
}

export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      actor: actor.name,
      actor_kind: actor.kind,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(keptDetails(entry.action, entry.details)),
      ip_address: actor.ipAddress ?? null,
      user_agent: actor.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

/** A refused admin sign-in or call: who it claimed to be (when we can tell), from where, why. */
export interface AuditRefusal {
  action: string;
  reason: AuditRefusalReason;
  /** The admin a token we signed names (an expired, revoked or logged-out one); else anonymous. */
  adminKey?: string | null;
  /** The procedure that was asked for (a refused call). */
  targetId?: string | null;
  input?: unknown;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Serialises the start of refusal rows within a window (the budget's count and insert). */
const REFUSAL_LOCK = 'drape-audit-refusals';

function windowStart(now: number): Date {
  const size = AUDIT_REFUSAL_WINDOW_MINUTES * 60_000;
  return new Date(Math.floor(now / size) * size);
}

/**
 * Records a refusal, coalesced: the first refusal of an address and reason in a window starts a
 * row, the next ones count on it (`repeats`, `last_at`). Once a window has started its budget of
 * rows, its further refusals count on one overflow row, so no flood, from however many addresses,
 * writes more than AUDIT_REFUSAL_ROWS_PER_WINDOW + 1 rows a window. A refusal costs one indexed
 * update in the common case; only starting a row (at most budget + 1 times a window) takes the
 * window's lock, so the budget holds under concurrent refusals.
 */
export async function recordRefusal(db: Db, refusal: AuditRefusal, now = Date.now()): Promise<void> {
  const start = windowStart(now);
  const window = start.toISOString();
  const key = `${window}|${refusal.reason}|${refusal.ipAddress ?? '-'}`;
  const overflowKey = `${window}|overflow`;
  const bump = (q: Db, coalesceKey: string) =>
    q.updateTable('admin_audit_log')
      .set((eb) => ({ repeats: eb('repeats', '+', 1), last_at: new Date(now) }))
      .where('coalesce_key', '=', coalesceKey)
      .executeTakeFirst()
      .then((r) => Number(r.numUpdatedRows) > 0);
  if ((await bump(db, key)) || (await bump(db, overflowKey))) return;

  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${REFUSAL_LOCK}), ${Math.floor(start.getTime() / 60_000)}::int)`.execute(tx);
    if (await bump(tx, key)) return; // started by a concurrent refusal of the same address
    const started = await tx
      .selectFrom((eb) => eb.selectFrom('admin_audit_log').select('id').where('outcome', '=', 'refused').where('at', '>=', start)
        .where('coalesce_key', 'is not', null).limit(AUDIT_REFUSAL_ROWS_PER_WINDOW).as('w'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const overflow = Number(started.n) >= AUDIT_REFUSAL_ROWS_PER_WINDOW;
    if (overflow && (await bump(tx, overflowKey))) return;
    const details = overflow
      ? { reason: 'overflow', firstReason: refusal.reason }
      : { reason: refusal.reason, ...keptDetails(refusal.action, 'input' in refusal ? { input: refusal.input } : {}) };
    await tx
      .insertInto('admin_audit_log')
      .values({
        at: new Date(now),
        actor: overflow ? AUDIT_ANONYMOUS_ACTOR : (refusal.adminKey ?? AUDIT_ANONYMOUS_ACTOR),
        actor_kind: !overflow && refusal.adminKey ? 'admin' : 'anonymous',
        action: refusal.action,
        target_type: !overflow && refusal.targetId ? 'procedure' : null,
        target_id: overflow ? null : (refusal.targetId ?? null),
        details: JSON.stringify(details),
        ip_address: overflow ? null : refusal.ipAddress,
        user_agent: overflow ? null : (refusal.userAgent?.slice(0, 300) ?? null),
        outcome: 'refused',
        coalesce_key: overflow ? overflowKey : key,
        last_at: new Date(now),
      })
      .execute();
  });
}

/** Refusal rows past their retention (the hourly maintenance); changes are never swept. */
export async function deleteOldRefusals(db: Db, now = Date.now()): Promise<number> {
  const res = await db.deleteFrom('admin_audit_log')
    .where('outcome', '=', 'refused')
    .where('at', '<', new Date(now - AUDIT_REFUSAL_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export interface AuditQuery {
  limit: number;
  /** Rows older than this id (the previous page's `nextBefore`). */
  before?: string | undefined;
  action?: string | undefined;
  targetId?: string | undefined;
  outcome?: AuditOutcome | undefined;
}

/** Newest first, keyset-paged by id: a page costs the same at any depth. */
export async function listAudit(db: Db, q: AuditQuery): Promise<{ entries: AuditRecord[]; nextBefore: string | null }> {
  let query = db.selectFrom('admin_audit_log')
    .select(['id', 'at', 'actor', 'actor_kind', 'action', 'target_type', 'target_id', 'details', 'ip_address', 'user_agent', 'outcome', 'repeats', 'last_at'])
    .orderBy('id', 'desc').limit(q.limit + 1);
  if (q.before) query = query.where('id', '<', q.before);
  if (q.action) query = query.where('action', '=', q.action);
  if (q.targetId) query = query.where('target_id', '=', q.targetId);
  if (q.outcome) query = query.where('outcome', '=', q.outcome);
  const rows = await query.execute();
  const page = rows.slice(0, q.limit);
  return {
    entries: page.map((r) => ({
      id: String(r.id), at: r.at.toISOString(), actor: r.actor, actorKind: r.actor_kind, action: r.action,
      targetType: r.target_type, targetId: r.target_id, details: r.details, ipAddress: r.ip_address, userAgent: r.user_agent,
      outcome: r.outcome, repeats: r.repeats, lastAt: r.last_at?.toISOString() ?? null,
    })),
    nextBefore: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
  };
}
