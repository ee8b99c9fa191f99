import { compose, noteOf, parseCombinationCode, passesQuality, qualityScore, QUALITY_GOOD, type Look } from '@drape/atelier';
import type { Db } from '@drape/db';
import { countStoredLooks, looksToRescore, rescoredLook, type ScoredLook } from '@drape/looks';

const PAGE = 200;

export interface RescoreReport {
  /** Looks given the stylist's score and note. */
  rescored: number;
  /** Looks whose composition cannot be made again as stored (the composer changed since): left as they were. */
  unmatched: number;
  /** Rescored looks now under their keep threshold: the next cleanup deletes those no wardrobe keeps. */
  underThreshold: number;
  /** Rescored looks in the LookBook now under the good mark (70), which curation asks for. */
  lookbookUnder70: number;
  /** Scores before and after, in the order rescored (for the distribution the command prints). */
  before: number[];
  after: number[];
}

/** The stored look composed again from its combination and seed, when it is still the same look. */
function recomposed(row: ScoredLook): Look | null {
  const combination = parseCombinationCode(row.combination_code);
  if (!combination) return null;
  const look = compose(combination, row.seed);
  const same =
    look.pieces.length === row.pieces.length &&
    look.pieces.every((p, i) => p.name === row.pieces[i]!.name && p.color.hex.toLowerCase() === row.pieces[i]!.color_hex.toLowerCase());
  return same ? look : null;
}

/** The image's sharpness as the pipeline measured it (kept in the breakdown); 1 when not recorded. */
const sharpnessOf = (quality: Record<string, unknown>): number => (typeof quality.sharpness === 'number' ? quality.sharpness : 1);

/**
 * `drape rescore` (issue 19): every stored look scored again by the stylist's rules, with its note
 * ('why this works'). A look is composed again from its combination and seed (composing is
 * deterministic) and checked against its stored pieces, so what is judged is what the picture
 * shows; a look that no longer composes the same is left as it was and counted. Idempotent.
 */
export async function rescoreLooks(db: Db, opts: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {}): Promise<RescoreReport> {
  const total = await countStoredLooks(db);
  const report: RescoreReport = { rescored: 0, unmatched: 0, underThreshold: 0, lookbookUnder70: 0, before: [], after: [] };
  let after: string | null = null;
  let done = 0;
  opts.onProgress?.(0, total);
  for (;;) {
    const page = await looksToRescore(db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const row of page) {
      const look = recomposed(row);
      if (!look) report.unmatched++;
      else {
        const quality = qualityScore({ look, sharpness: sharpnessOf(row.quality) });
        if (!opts.dryRun) await rescoredLook(db, row.id, { quality_score: quality.score, quality: quality.breakdown, stylist_note: noteOf(look, quality.judgement) });
        report.rescored++;
        report.before.push(row.quality_score);
        report.after.push(quality.score);
        if (!passesQuality(quality.score, look.combination.gender, look.combination.skinTone)) report.underThreshold++;
        if (row.status === 'lookbook' && quality.score < QUALITY_GOOD) report.lookbookUnder70++;
      }
      opts.onProgress?.(++done, Math.max(total, done));
    }
  }
  return report;
}
