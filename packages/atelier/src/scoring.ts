// Quality score of a generated look, 0-100, from properties that can be measured: how well the
// pieces keep to the palette, whether neighbouring pieces stand apart, whether the outfit is
// complete, and how sharp the image is (the pipeline measures that from the pixels).
import type { Gender, PieceType, SkinToneId } from '@drape/contracts';
import { QUALITY_GOOD, QUALITY_KEEP, QUALITY_KEEP_FEMALE_FAIR } from '@drape/contracts/generation';
import { deltaE } from './color';

export interface QualityInput {
  readonly pieces: readonly { readonly type: PieceType; readonly color: { readonly hex: string } }[];
  readonly palette: readonly { readonly hex: string }[];
  /** Image sharpness normalised to 0..1 (e.g. variance of the Laplacian over a reference). */
  readonly sharpness: number;
}

export interface QualityBreakdown {
  /** Share of pieces whose color is in the palette, 0..1. */
  readonly paletteAdherence: number;
  /** Color separation of neighbouring pieces (top vs bottom, coat vs what is under it), 0..1. */
  readonly contrast: number;
  /** Share of required slots filled (torso, hips, shoes, an accessory), 0..1. */
  readonly completeness: number;
  readonly sharpness: number;
}

export interface QualityResult {
  readonly score: number;
  readonly breakdown: QualityBreakdown;
}

export const QUALITY_WEIGHTS: Readonly<Record<keyof QualityBreakdown, number>> = {
  paletteAdherence: 0.3,
  contrast: 0.2,
  completeness: 0.3,
  sharpness: 0.2,
};

/** Colors closer than this count as the same palette color (a measured color drifts a little). */
const SAME_COLOR_DELTA_E = 8;
/** ΔE at which two neighbouring pieces read as clearly separate. */
const FULL_CONTRAST_DELTA_E = 40;
/** The spec shows a score of 70 or more as good (the bar lives in the contracts). */
export { QUALITY_GOOD };

const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

function adherence(input: QualityInput): number {
  if (input.pieces.length === 0) return 0;
  const inPalette = input.pieces.filter((p) => input.palette.some((c) => deltaE(c.hex, p.color.hex) <= SAME_COLOR_DELTA_E));
  return inPalette.length / input.pieces.length;
}

function contrast(input: QualityInput): number {
  const of = (type: PieceType) => input.pieces.find((p) => p.type === type)?.color.hex;
  const top = of('top');
  const bottom = of('bottom');
  const dress = of('dress');
  const coat = of('outerwear');
  const shoes = of('shoes');
  const pairs: [string, string][] = [];
  if (top && bottom) pairs.push([top, bottom]);
  if (coat && (top ?? dress)) pairs.push([coat, (top ?? dress) as string]);
  if (dress && shoes) pairs.push([dress, shoes]);
  if (pairs.length === 0) return 0;
  const each = pairs.map(([a, b]) => clamp01(deltaE(a, b) / FULL_CONTRAST_DELTA_E));
  return each.reduce((s, v) => s + v, 0) / each.length;
}

function completeness(input: QualityInput): number {
  const has = (t: PieceType) => input.pieces.some((p) => p.type === t);
  const slots = [has('top') || has('dress'), has('bottom') || has('dress'), has('shoes'), has('accessory')];
  return slots.filter(Boolean).length / slots.length;
}

export function qualityScore(input: QualityInput): QualityResult {
  const breakdown: QualityBreakdown = {
    paletteAdherence: adherence(input),
    contrast: contrast(input),
    completeness: completeness(input),
    sharpness: clamp01(input.sharpness),
  };
  const weighted = (Object.keys(QUALITY_WEIGHTS) as (keyof QualityBreakdown)[]).reduce(
    (sum, k) => sum + breakdown[k] * QUALITY_WEIGHTS[k],
    0,
  );
  return { score: Math.round(weighted * 100), breakdown };
}

/** Cleanup rule (settings-and-admin.md §5): female + fair is kept from 65, everything else from 70. */
export function qualityThreshold(gender: Gender, skinTone: SkinToneId | null | undefined): number {
  return gender === 'female' && skinTone === 'fair' ? QUALITY_KEEP_FEMALE_FAIR : QUALITY_KEEP;
}

export const passesQuality = (score: number, gender: Gender, skinTone: SkinToneId | null | undefined): boolean =>
  score >= qualityThreshold(gender, skinTone);
