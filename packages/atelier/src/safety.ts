// Content rules a look must pass before its image is kept: enough clothing for the occasion,
// and pieces that match what was asked for. Failing looks go to blocked_images with the reason.
import { PALETTES } from '@drape/contracts';
import { deltaE } from './color';
import { garment } from './garments';
import type { Look } from './look';
import { occasionForbidden } from './settings';

export type SafetyReason = 'insufficient_clothing' | 'attribute_mismatch';

export interface SafetyVerdict {
  readonly safe: boolean;
  readonly reason?: SafetyReason;
  /** Same shape as a blocked image's rejection_details. */
  readonly details: { readonly error?: string; readonly reasoning: string };
}

const fail = (reason: SafetyReason, error: string, reasoning: string): SafetyVerdict => ({
  safe: false,
  reason,
  details: { error, reasoning },
});

export function safetyVerdict(look: Look): SafetyVerdict {
  const types = look.pieces.map((p) => p.type);
  const count = (t: string) => types.filter((x) => x === t).length;
  const dress = count('dress') > 0;

  // Coverage: torso and hips, by a top and a bottom or by a dress.
  if (!dress && count('top') === 0) return fail('insufficient_clothing', 'torso_uncovered', 'The look has neither a top nor a dress.');
  if (!dress && count('bottom') === 0) return fail('insufficient_clothing', 'hips_uncovered', 'The look has neither a bottom nor a dress.');
  const swim = look.pieces.filter((p) => garment(p.key).swim);
  if (swim.length > 0 && look.occasion !== 'beach') {
    return fail('insufficient_clothing', 'swimwear_off_beach', `${swim.map((p) => p.name).join(', ')} outside a beach look.`);
  }

  // One garment per slot; shoes always.
  if (count('shoes') !== 1) return fail('attribute_mismatch', 'shoes', `Expected one pair of shoes, found ${count('shoes')}.`);
  for (const t of ['top', 'bottom', 'dress', 'outerwear'] as const) {
    if (count(t) > 1) return fail('attribute_mismatch', 'duplicate_slot', `More than one ${t}.`);
  }
  if (dress && (count('top') > 0 || count('bottom') > 0)) return fail('attribute_mismatch', 'duplicate_slot', 'A dress worn with a top or a bottom.');

  // The pieces and the model must match the request. The user's own pieces (a look built around
  // My Pieces) are what they chose to wear: their colour, cut and formality are theirs, not the brief's.
  const c = look.combination;
  const composed = look.pieces.filter((p) => !p.owned);
  const wrongGender = composed.filter((p) => !garment(p.key).genders.includes(c.gender));
  if (wrongGender.length > 0) {
    return fail('attribute_mismatch', 'gender', `${wrongGender.map((p) => p.name).join(', ')} not styled for a ${c.gender} look.`);
  }
  if (look.model.gender !== c.gender) return fail('attribute_mismatch', 'gender', 'The model does not match the requested gender.');
  if (c.bodyShape && look.model.bodyShape !== c.bodyShape) return fail('attribute_mismatch', 'body_shape', 'The model does not have the requested body shape.');
  if (c.skinTone && look.model.skinTone !== c.skinTone) return fail('attribute_mismatch', 'skin_tone', 'The model does not have the requested skin tone.');

  if (c.palette) {
    const palette = PALETTES.find((p) => p.id === c.palette)?.colors ?? [];
    const off = composed.filter((p) => !palette.some((col) => deltaE(col.hex, p.color.hex) <= 8));
    if (off.length > 0) return fail('attribute_mismatch', 'palette', `${off.map((p) => `${p.name} (${p.color.name})`).join(', ')} outside the chosen palette.`);
  }
  if (look.occasion) {
    const banned = new Set(occasionForbidden(look.occasion));
    const wrong = composed.filter((p) => banned.has(p.key));
    if (wrong.length > 0) return fail('attribute_mismatch', 'occasion', `${wrong.map((p) => p.name).join(', ')} not suitable for ${look.title}.`);
  }
  if (c.trend === 'hot_pants_revival' && !look.pieces.some((p) => p.key === 'hot_pants' || p.key === 'short_shorts' || (p.owned && (p.type === 'bottom' || p.type === 'dress')))) {
    return fail('attribute_mismatch', 'trend', 'A Hot Pants Revival look without hot pants.');
  }
  return { safe: true, details: { reasoning: 'Torso and hips covered; pieces match the gender, occasion and palette.' } };
}
