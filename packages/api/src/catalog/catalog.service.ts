import { TREND_CONVERSION, tierPolicy, type BodyShapeId, type StyleVibeId, type TrendConversionEntry } from '@drape/contracts';
import { PALETTE_SEASON, type Db, type UserRow } from '@drape/db';
import { appError } from '../errors';

export interface NamedOption<Id extends string = string> { id: Id; name: string }

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

function assertPersonalization(user: Pick<UserRow, 'tier'>) {
  if (!tierPolicy(user.tier).personalization) {
    throw appError('tier_required', 'Style vibes and body shapes start at the Stylist tier.');
  }
}

export async function styleVibes(db: Db, user: Pick<UserRow, 'tier'>): Promise<NamedOption<StyleVibeId>[]> {
  assertPersonalization(user);
  return db.selectFrom('style_vibes').select(['id', 'name']).orderBy('sort').execute();
}

export async function bodyShapes(db: Db, user: Pick<UserRow, 'tier'>): Promise<NamedOption<BodyShapeId>[]> {
  assertPersonalization(user);
  return db.selectFrom('body_shapes').select(['id', 'name']).orderBy('sort').execute();
}

export async function skinTones(db: Db): Promise<NamedOption[]> {
  return db.selectFrom('skin_tones').select(['id', 'name']).orderBy('sort').execute();
}

export function trendConversion(): readonly TrendConversionEntry[] {
  return TREND_CONVERSION;
}
