import type { Selection } from './virtual-user';

/**
 * What the stack must hold before the users arrive, read through the real API as the apps read it:
 * the selections the dashboard offers, and the starter set made (a fresh install stocks one look
 * per active trend, palette and occasion in each gender, then restocks what the LookBook took).
 */
async function getJson<T>(base: string, path: string, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The dashboard's three tabs: this month's trends, the season's palettes, the active occasions. */
export async function dashboardSelections(base: string): Promise<Selection[]> {
  const trends = await getJson<{ trends: { id: string }[] }[]>(base, '/api/monthly-trends');
  const seasons = await getJson<{ colorPalettes: { id: string }[] }[]>(base, '/api/seasons');
  const occasions = await getJson<{ id: string; isActive: boolean }[]>(base, '/api/occasions');
  return [
    ...trends.flatMap((m) => m.trends.map((t): Selection => ({ field: 'trend', id: t.id }))),
    ...seasons.flatMap((s) => s.colorPalettes.map((p): Selection => ({ field: 'colorPalette', id: p.id }))),
    ...occasions.filter((o) => o.isActive).map((o): Selection => ({ field: 'occasion', id: o.id })),
  ];
}

export interface InventoryFigures {
  total: number;
  viewable: number;
  lookbook: number;
}

export async function inventory(base: string, adminToken: string): Promise<InventoryFigures> {
  const s = await getJson<InventoryFigures>(base, '/api/admin/inventory-stats', adminToken);
  return { total: s.total, viewable: s.viewable, lookbook: s.lookbook };
}

/**
 * Waits until the pipeline has made its starter set and no batch runs: at least one batch ended,
 * none running or queued, twice in a row a few seconds apart (curation after a batch may open the
 * next starter batch).
 */
export async function starterSetMade(base: string, adminToken: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietChecks = 0;
  while (Date.now() < deadline) {
    const { jobs } = await getJson<{ jobs: { status: string }[] }>(base, '/api/admin/batch-jobs', adminToken);
    const ended = jobs.some((j) => j.status === 'completed');
    const busy = jobs.some((j) => j.status === 'running' || j.status === 'pending');
    quietChecks = ended && !busy ? quietChecks + 1 : 0;
    if (quietChecks >= 3) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`the starter set was not made within ${timeoutMs / 1000} s`);
}
