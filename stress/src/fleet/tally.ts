/**
 * Counting the fleet test's answers: statuses per server, and the percentiles of a list of times.
 * Pure, so that what the figures say is tested apart from the processes that made them.
 */

/** `{ 'server-a': { 200: 3, 429: 1 }, ... }` from answers that name their server. */
export function statusesByServer(answers: readonly { status: number; upstream: string | null }[]): Record<string, Record<number, number>> {
  const out: Record<string, Record<number, number>> = {};
  for (const a of answers) {
    const server = a.upstream ?? 'direct';
    const byStatus = (out[server] ??= {});
    byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  }
  return out;
}

/** How many answers had this status, on each server named (0 where none did). */
export function countOn(table: Record<string, Record<number, number>>, servers: readonly string[], status: number): number[] {
  return servers.map((s) => table[s]?.[status] ?? 0);
}

/** The nearest-rank percentile of a list (0 when empty). */
export function percentileOf(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A table as one short text for a figure cell: `server-a 200×3 429×1; server-b 200×2`. */
export function describeStatuses(table: Record<string, Record<number, number>>): string {
  return Object.entries(table)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([server, byStatus]) => `${server} ${Object.entries(byStatus).map(([s, n]) => `${s}×${n}`).join(' ')}`)
    .join('; ');
}
