// Quality score of a generated look, 0-100 (issue 19, section 1): the stylist's judgement of the
// composition (palette, harmony, occasion, prints, shape, skin: ./stylist), times whether the
// outfit is complete and how sharp the image is (the pipeline measures that from the pixels).
import type { Gender, SkinToneId } from '@drape/contracts';
import { QUALITY_GOOD, QUALITY_KEEP, QUALITY_KEEP_FEMALE_FAIR } from '@drape/contracts/generation';
import type { Look } from './look';
import { judgeLook, RULE_WEIGHTS, type Judgement, type Rule } from './stylist/judge';

export interface QualityInput {
  readonly look: Look;
  /** The look's judgement when the caller has it already (the composer judged it to choose it). */
  readonly judgement?: Judgement;
  /** Image sharpness normalised to 0..1 (variance of the Laplacian over a reference). */
  readonly sharpness: number;
}

export interface QualityBreakdown {
  /** The judgement on the stylist's scale, 0..1: 0 at JUDGEMENT_FLOOR or under, 1 for a look every rule passes. */
  readonly stylist: number;
  /** Each rule's own score, 0..1 (./stylist/judge.ts). */
  readonly rules: Readonly<Record<Rule, number>>;
  /** Share of required slots filled (torso, hips, shoes, an accessory), 0..1. */
  readonly completeness: number;
  readonly sharpness: number;
}

export interface QualityResult {
  readonly score: number;
  readonly breakdown: QualityBreakdown;
  readonly judgement: Judgement;
}

/**
 * The judgement a look a stylist would send back scores at. The rules' weighted sum never goes
 * far below it (a look keeps its palette and the occasion even when its colours fight), so the
 * scale starts here: over the matrix the judgement runs 0.79 (p1) to 0.98 (p90), and a look at
 * 0.88 (70 on the quality scale) has one real fault, such as a top that washes out the face
 * beside a shape nothing flatters, or three accents at once.
 */
export const JUDGEMENT_FLOOR = 0.6;
/** What an incomplete outfit (no shoes, nothing on the hips) and a blurred image cost at most. */
export const COMPLETENESS_SHARE = 0.3;
export const SHARPNESS_SHARE = 0.2;
/** The spec shows a score of 70 or more as good (the bar lives in the contracts). */
export { QUALITY_GOOD };

const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** The judgement (0..1) on the stylist's scale (0..1). */
export const stylistScale = (judgement: number): number => clamp01((judgement - JUDGEMENT_FLOOR) / (1 - JUDGEMENT_FLOOR));

function completeness(look: Look): number {
  const has = (t: Look['pieces'][number]['type']) => look.pieces.some((p) => p.type === t);
  const slots = [has('top') || has('dress'), has('bottom') || has('dress'), has('shoes'), has('accessory')];
  return slots.filter(Boolean).length / slots.length;
}

/** Multiplied, not added: a fine composition cannot buy back a missing pair of shoes or a blur. */
export function qualityScore(input: QualityInput): QualityResult {
  const judgement = input.judgement ?? judgeLook(input.look);
  const stylist = stylistScale(judgement.score);
  const rules = Object.fromEntries((Object.keys(RULE_WEIGHTS) as Rule[]).map((r) => [r, Math.round(judgement[r].score * 1000) / 1000])) as Record<Rule, number>;
  const breakdown: QualityBreakdown = {
    stylist: Math.round(stylist * 1000) / 1000,
    rules,
    completeness: completeness(input.look),
    sharpness: clamp01(input.sharpness),
  };
  const score =
    100 *
    stylist *
    (1 - COMPLETENESS_SHARE * (1 - breakdown.completeness)) *
    (1 - SHARPNESS_SHARE * (1 - breakdown.sharpness));
  return { score: Math.round(score), breakdown, judgement };
}

/** Cleanup rule (settings-and-admin.md §5): female + fair is kept from 65, everything else from 70. */
export function qualityThreshold(gender: Gender, skinTone: SkinToneId | null | undefined): number {
  return gender === 'female' && skinTone === 'fair' ? QUALITY_KEEP_FEMALE_FAIR : QUALITY_KEEP;
}

export const passesQuality = (score: number, gender: Gender, skinTone: SkinToneId | null | undefined): boolean =>
  score >= qualityThreshold(gender, skinTone);
