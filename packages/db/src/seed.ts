import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS } from '@drape/contracts';
import type { Db } from './client';

/** The season the four palettes belong to (user-area §2: 'Summer 2025 Popular Colors'). */
export const PALETTE_SEASON = 'Summer 2025';

/**
 * Writes the catalog from contracts into its tables. Idempotent: names, icons and activity
 * follow the code on every start; rows are never deleted, since images refer to their ids.
 */
export async function seedCatalog(db: Db): Promise<number> {
  let rows = 0;
  await db.transaction().execute(async (tx) => {
    for (const [sort, t] of TRENDS.entries()) {
      await tx.insertInto('trends').values({ id: t.id, name: t.name, category: t.category, pattern: t.pattern, active: t.active, sort })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: t.name, category: t.category, pattern: t.pattern, active: t.active, sort })).execute();
    }
    for (const [sort, p] of PALETTES.entries()) {
      const colors = JSON.stringify(p.colors);
      await tx.insertInto('palettes').values({ id: p.id, name: p.name, season: PALETTE_SEASON, colors, sort })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: p.name, season: PALETTE_SEASON, colors, sort })).execute();
    }
    for (const [sort, o] of OCCASIONS.entries()) {
      await tx.insertInto('occasions').values({ id: o.id, name: o.name, icon: o.icon, is_active: o.isActive, sort })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: o.name, icon: o.icon, is_active: o.isActive, sort })).execute();
    }
    for (const [sort, v] of STYLE_VIBES.entries()) {
      await tx.insertInto('style_vibes').values({ id: v.id, name: v.name, short_name: v.shortName, sort })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: v.name, short_name: v.shortName, sort })).execute();
    }
    for (const [sort, b] of BODY_SHAPES.entries()) {
      await tx.insertInto('body_shapes').values({ id: b.id, name: b.name, in_generator: b.inGenerator, sort })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: b.name, in_generator: b.inGenerator, sort })).execute();
    }
    for (const [sort, s] of SKIN_TONES.entries()) {
      await tx.insertInto('skin_tones').values({ id: s.id, name: s.name, hex: s.hex, emoji: s.emoji, sort })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: s.name, hex: s.hex, emoji: s.emoji, sort })).execute();
    }
    rows = TRENDS.length + PALETTES.length + OCCASIONS.length + STYLE_VIBES.length + BODY_SHAPES.length + SKIN_TONES.length;
  });
  return rows;
}
