import { TREND_CONVERSION, findCatalogEntry, tierPolicy, type TrendConversionEntry } from '@drape/contracts';
import { PALETTE_SEASON, type Db, type UserRow } from '@drape/db';
import { appError } from '../errors';
import { tierOf } from '../user/user.view';

export interface NamedOption { id: string; name: string }

/** GET /api/monthly-trends: this month's trends (user-area §3: entries with a trends array). */
export async function monthlyTrends(db: Db) {
  const rows = await db.selectFrom('trends').selectAll().where('active', '=', true).orderBy('sort').execute();
  const month = new Date().toISOString().slice(0, 7);
  return [{ id: month, month, name: 'Trending this month', trends: rows.map((r) => ({ id: r.id, name: r.name, category: r.category, pattern: r.pattern })) }];
}

/** GET /api/seasons: the season's palettes with their colors. */
export async function seasons(db: Db) {
  const rows = await db.selectFrom('palettes').selectAll().orderBy('sort').execute();
  return [{
    id: PALETTE_SEASON.toLowerCase().replace(/\s+/g, '_'),
    name: PALETTE_SEASON,
    colorPalettes: rows.map((r) => ({ id: r.id, name: r.name, colors: r.colors })),
  }];
}

export async function occasions(db: Db) {
  const rows = await db.selectFrom('occasions').selectAll().orderBy('sort').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, isActive: r.is_active }));
}

function assertPersonalization(user: UserRow) {
  if (!tierPolicy(tierOf(user)).personalization) {
    throw appError('tier_required', 'Style vibes and body shapes start at the Stylist tier.');
  }
}

export async function styleVibes(db: Db, user: UserRow): Promise<NamedOption[]> {
  assertPersonalization(user);
  return db.selectFrom('style_vibes').select(['id', 'name']).orderBy('sort').execute();
}

export async function bodyShapes(db: Db, user: UserRow): Promise<NamedOption[]> {
  assertPersonalization(user);
  return db.selectFrom('body_shapes').select(['id', 'name']).orderBy('sort').execute();
}

export async function skinTones(db: Db): Promise<NamedOption[]> {
  return db.selectFrom('skin_tones').select(['id', 'name']).orderBy('sort').execute();
}

export function trendConversion(): readonly TrendConversionEntry[] {
  return TREND_CONVERSION;
}

type CatalogTable = 'trends' | 'palettes' | 'occasions' | 'style_vibes' | 'body_shapes' | 'skin_tones';

/**
 * A catalog value as the screens show it ('Boho Chic', 'GoingOut') or its id ('boho_chic'),
 * matched without regard to case, spaces or underscores; null when unknown.
 */
export async function resolveCatalogId(db: Db, table: CatalogTable, value: string): Promise<string | null> {
  return findCatalogEntry(await catalogRows(db, table), value)?.id ?? null;
}

/** The catalog changes only on a seed: each process keeps it for a minute (Get My Look's hot path). */
const CACHE_MS = 60_000;
const cache = new WeakMap<Db, Map<CatalogTable, { rows: NamedOption[]; at: number }>>();

async function catalogRows(db: Db, table: CatalogTable): Promise<NamedOption[]> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(table);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
  const rows = await db.selectFrom(table).select(['id', 'name']).execute();
  perDb.set(table, { rows, at: Date.now() });
  return rows;
}
