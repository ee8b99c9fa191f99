// Every combination a user or an admin can ask for: the set the batch pipeline keeps stocked.
import { BODY_SHAPES, GENDERS, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, type BodyShapeId, type Combination, type Selection, type SkinToneId, type StyleVibeId } from '@drape/contracts';

export interface EnumerateOptions {
  /** Only this month's trends, the generator's occasions and body shapes (default true). */
  readonly activeOnly?: boolean;
  /** Include unset ("any") personalization values (default true). */
  readonly includeUnset?: boolean;
}

export function enumerateCombinations(options: EnumerateOptions = {}): Combination[] {
  const active = options.activeOnly ?? true;
  const unset = options.includeUnset ?? true;
  const selections: Selection[] = [
    ...TRENDS.filter((t) => !active || t.active).map((t): Selection => ({ trend: t.id })),
    ...PALETTES.map((p): Selection => ({ palette: p.id })),
    ...OCCASIONS.filter((o) => !active || o.isActive).map((o): Selection => ({ occasion: o.id })),
  ];
  const maybe = <T,>(values: readonly T[]): (T | undefined)[] => (unset ? [undefined, ...values] : [...values]);
  const vibes = maybe<StyleVibeId>(STYLE_VIBES.map((v) => v.id));
  const bodies = maybe<BodyShapeId>(BODY_SHAPES.filter((b) => !active || b.inGenerator).map((b) => b.id));
  const skins = maybe<SkinToneId>(SKIN_TONES.map((s) => s.id));
  const out: Combination[] = [];
  for (const gender of GENDERS)
    for (const selection of selections)
      for (const styleVibe of vibes)
        for (const bodyShape of bodies)
          for (const skinTone of skins) out.push({ ...selection, gender, styleVibe, bodyShape, skinTone });
  return out;
}
