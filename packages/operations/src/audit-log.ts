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
  details?: Record<string, unknown>;
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: string;
  actorKind: 'admin' | 'cli';
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Keys whose values never reach the log (a test user's password, a token). */
const SECRET_KEY = /password|token|secret/i;

// oxlint-disable-next-line no-control-regex -- NUL is what jsonb cannot hold
const NOT_IN_JSONB = /\u0000|\p{Cs}/gu;

/**
 * A string jsonb can hold: no NUL, no half of a surrogate pair (a raw input's unknown key may
 * carry either, and a cut at 500 may split an emoji). Refused, the row would fail after the change
 * it records was made.
 */
const storable = (s: string) => s.replace(NOT_IN_JSONB, '\uFFFD');

/** The details as stored: secrets masked, long strings cut, so a row stays small and harmless. */
export function redactDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  if (value === null || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactDetails(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), SECRET_KEY.test(k) ? '[redacted]' : redactDetails(v, depth + 1)]));
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
      details: JSON.stringify(redactDetails(entry.details ?? {})),
      ip_address: actor.ipAddress ?? null,
      user_agent: actor.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

export interface AuditQuery {
  limit: number;
  /** Rows older than this id (the previous page's `nextBefore`). */
  before?: string | undefined;
  action?: string | undefined;
  targetId?: string | undefined;
}

/** Newest first, keyset-paged by id: a page costs the same at any depth. */
export async function listAudit(db: Db, q: AuditQuery): Promise<{ entries: AuditRecord[]; nextBefore: string | null }> {
  let query = db.selectFrom('admin_audit_log').selectAll().orderBy('id', 'desc').limit(q.limit + 1);
  if (q.before) query = query.where('id', '<', q.before);
  if (q.action) query = query.where('action', '=', q.action);
  if (q.targetId) query = query.where('target_id', '=', q.targetId);
  const rows = await query.execute();
  const page = rows.slice(0, q.limit);
  return {
    entries: page.map((r) => ({
      id: String(r.id), at: r.at.toISOString(), actor: r.actor, actorKind: r.actor_kind, action: r.action,
      targetType: r.target_type, targetId: r.target_id, details: r.details, ipAddress: r.ip_address, userAgent: r.user_agent,
    })),
    nextBefore: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
  };
}
