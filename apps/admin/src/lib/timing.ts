/**
 * The admin app's polling intervals (settings-and-admin §9), in milliseconds. Only the browser
 * uses them, so they live here and not in @drape/contracts (issue 17).
 */
export const ADMIN_STATS_POLL_MS = {
  stats: 30_000,
  inventoryStats: 30_000,
  inventorySeverity: 30_000,
  sevQueue: 5_000,
  sevStats: 5_000,
  pods: 5_000,
} as const;

/** The Batch Generation tab polls its jobs every 2 s. */
export const BATCH_JOBS_POLL_MS = 2000;
