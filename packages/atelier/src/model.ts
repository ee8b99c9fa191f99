// Who wears the look. The combination may leave body shape and skin tone open; the seed then
// decides, so the image and its recorded metadata always agree.
import type { BodyShapeId, Combination, SkinToneId, StyleVibeId } from '@drape/contracts';
import type { HairStyle, Person } from './look';
import type { Rng } from './random';

const HAIR_COLORS: Record<SkinToneId, readonly string[]> = {
  fair: ['#2B1D14', '#5A3A22', '#8B5A2B', '#C9A063', '#A0522D'],
  medium: ['#1E1410', '#3B2416', '#5A3A22', '#2B1D14'],
  deep: ['#120C09', '#1E1410', '#2B1D14'],
};

const FEMALE_STYLES: Record<StyleVibeId | 'none', readonly HairStyle[]> = {
  playful: ['ponytail', 'curls', 'long_waves'],
  elegant: ['bun', 'bob', 'long_waves'],
  casual: ['long_waves', 'ponytail', 'curls'],
  contemporary: ['bob', 'bun', 'long_waves'],
  none: ['long_waves', 'bob', 'ponytail', 'bun', 'curls'],
};
const MALE_STYLES: Record<StyleVibeId | 'none', readonly HairStyle[]> = {
  playful: ['quiff', 'short_curls'],
  elegant: ['crop', 'quiff'],
  casual: ['crop', 'short_curls', 'buzz'],
  contemporary: ['quiff', 'buzz', 'crop'],
  none: ['crop', 'quiff', 'short_curls', 'buzz'],
};

/** Styles that sit under a hat brim without poking through it. */
const HAT_FRIENDLY: ReadonlySet<HairStyle> = new Set(['long_waves', 'bob', 'crop', 'buzz', 'short_curls']);

export function resolveModel(c: Combination, rng: Rng, wearsHat: boolean): Person {
  const skinTone: SkinToneId = c.skinTone ?? rng.pick(['fair', 'medium', 'deep'] as const);
  const bodyShape: BodyShapeId =
    c.bodyShape ??
    (c.gender === 'female'
      ? rng.pick(['hourglass', 'pear', 'rectangle', 'hourglass', 'pear', 'rectangle', 'apple', 'inverted_triangle'] as const)
      : rng.pick(['rectangle', 'inverted_triangle', 'rectangle', 'apple'] as const));
  const styles = (c.gender === 'female' ? FEMALE_STYLES : MALE_STYLES)[c.styleVibe ?? 'none'];
  const usable = wearsHat ? styles.filter((s) => HAT_FRIENDLY.has(s)) : styles;
  const hairStyle: HairStyle = usable.length > 0 ? rng.pick(usable) : c.gender === 'female' ? 'long_waves' : 'crop';
  const hairColor = rng.pick(HAIR_COLORS[skinTone]);
  return { gender: c.gender, bodyShape, skinTone, hairStyle, hairColor, beard: c.gender === 'male' && rng.chance(0.4) };
}
