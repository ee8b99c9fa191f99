import { SESSION_CACHE_MS } from '@drape/contracts/auth';
import { listenForever } from '@drape/jobs';
import type { Logger } from '@drape/log';
import type { SignedInCaller } from './caller';

/** The channel on which PostgreSQL names a user whose sessions or profile facts changed (migration 0022). */
export const CALLER_CHANGES_CHANNEL = 'caller_changes';
/** The listening connection's application_name: told apart from the process's other listeners. */
export const CALLER_LISTENER_APPLICATION = 'drape-listen-callers';

/** Past this many cached sessions the process starts over: a bound on memory, not a tuning knob. */
const MAX_ENTRIES = 100_000;

/**
 * This process's signed-in callers by session id (docs/decisions/0029), each kept for
 * SESSION_CACHE_MS at most, dropped when PostgreSQL notifies a change to its user (every way a
 * session ends or its user, usage or referrals change: migration 0022), and all dropped whenever
 * the LISTEN connection is lost: nothing is answered from memory while no notification could arrive.
 *
 * A read that started before a change must not put back what the change dropped: `mark()` is
 * taken before the read, and `keep` refuses an entry when its user (or everyone) was dropped since.
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: SignedInCaller; at: number }>();
  private readonly byUser = new Map<string, Set<string>>();
  private drops = 0;
  private allDroppedAt = 0;
  private readonly userDroppedAt = new Map<string, number>();
  private live = false;

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  /** Whether a notification can reach this cache (false: every lookup reads the database). */
  setListening(listening: boolean): void {
    this.live = listening;
    this.dropAll();
  }

  mark(): number {
    return this.drops;
  }

  get(sessionId: string, now: number): SignedInCaller | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.at < this.ttlMs) return entry.caller;
    this.forget(sessionId, entry.caller.user.id);
    return undefined;
  }

  keep(caller: SignedInCaller, mark: number, now: number): void {
    if (!this.live || this.allDroppedAt > mark || (this.userDroppedAt.get(caller.user.id) ?? -1) > mark) return;
    if (this.entries.size >= MAX_ENTRIES) this.dropAll();
    // Shared by the requests that follow: a procedure that wrote to it would throw, not leak.
    for (const part of [caller.user, caller.session, caller.facts.usage, caller.facts, caller]) Object.freeze(part);
    this.entries.set(caller.session.id, { caller, at: now });
    let ids = this.byUser.get(caller.user.id);
    if (!ids) this.byUser.set(caller.user.id, (ids = new Set()));
    ids.add(caller.session.id);
  }

  dropUser(userId: string): void {
    this.drops++;
    // The marks only matter to reads in flight: past a bound, dropping everything is as safe.
    if (this.userDroppedAt.size >= MAX_ENTRIES) this.dropAll();
    else this.userDroppedAt.set(userId, this.drops);
    for (const id of this.byUser.get(userId) ?? []) this.entries.delete(id);
    this.byUser.delete(userId);
  }

  dropAll(): void {
    this.drops++;
    this.allDroppedAt = this.drops;
    this.userDroppedAt.clear();
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    const ids = this.byUser.get(userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
}

/** A server process's cache, listening on its own connection for the life of the process. */
export async function startCallerCache(databaseUrl: string, log: Logger): Promise<{ cache: CallerCache; close(): Promise<void> }> {
  const cache = new CallerCache();
  const listener = await listenForever(databaseUrl, CALLER_CHANGES_CHANNEL, {
    log,
    onNotify: (userId) => (userId ? cache.dropUser(userId) : cache.dropAll()),
    onListening: () => cache.setListening(true),
    onLost: () => cache.setListening(false),
    applicationName: CALLER_LISTENER_APPLICATION,
  });
  return { cache, close: () => listener.close().then(() => cache.setListening(false)) };
}
