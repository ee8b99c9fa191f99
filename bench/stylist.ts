import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import {
  compose, composeToStandard, enumerateCombinations, judgeLook, lookPrompt, NEGATIVE_PROMPT, passesQuality, qualityScore, qualityThreshold, COMPOSE_TRIES,
} from '@drape/atelier';
import { combinationCode } from '@drape/contracts';
import { aiMarkOf } from '@drape/operations';
import { atelierProvider, processImage } from '@drape/pipeline';
import { bareSharpMs } from './sharp-floor';

/**
 * The stylist's score over a full batch of the matrix (issue 19): every combination composed as
 * a batch composes it (the composer's retry included), drawn by the built-in renderer and scored
 * from its pixels' sharpness, as the pipeline does, without the queue, the database or the files.
 * Reports the spread (p10, p50, p90), the share under 70 and the refusal rates: of the composer's
 * first proposals (what the score alone would refuse) and of what reaches the renderer.
 */
export interface StylistFigures {
  combinations: number;
  first: Spread;
  kept: Spread;
  /** Combinations whose best of COMPOSE_TRIES is still under the threshold. */
  composerGaveUp: number;
  meanTries: number;
  /** The pipeline's refusals: renders under their threshold. */
  refusedRenders: number;
  /** Compose and judge, per proposal (ms), and the bare sharp render floor it is read against. */
  composeJudgeMs: number;
  bareSharpMs: number;
  renderMs: number;
}

export interface Spread {
  p10: number;
  p50: number;
  p90: number;
  under70: number;
  underThreshold: number;
}

const at = (sorted: readonly number[], p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0;

function spread(scores: readonly { score: number; threshold: number }[]): Spread {
  const sorted = scores.map((s) => s.score).sort((a, b) => a - b);
  const share = (n: number) => Math.round((1000 * n) / scores.length) / 10;
  return {
    p10: at(sorted, 0.1), p50: at(sorted, 0.5), p90: at(sorted, 0.9),
    under70: share(scores.filter((s) => s.score < 70).length),
    underThreshold: share(scores.filter((s) => s.score < s.threshold).length),
  };
}


export async function benchStylist(options: { seed?: number } = {}): Promise<StylistFigures> {
  const seed = options.seed ?? 1;
  const combos = enumerateCombinations({});
  const floor = await bareSharpMs();
  const first: { score: number; threshold: number }[] = [];
  const kept: { score: number; threshold: number }[] = [];
  let tries = 0;
  let gaveUp = 0;
  let refused = 0;
  let renderMs = 0;

  // The cost of a proposal: compose and judge, over the whole matrix once.
  let t = performance.now();
  for (const c of combos) judgeLook(compose(c, seed));
  const composeJudgeMs = (performance.now() - t) / combos.length;

  const progress = new cliProgress.SingleBar({ format: '[bench] stylist {bar} {value}/{total} combinations', hideCursor: true }, cliProgress.Presets.shades_classic);
  progress.start(combos.length, 0);
  for (const c of combos) {
    const threshold = qualityThreshold(c.gender, c.skinTone);
    // As a batch seeds a combination's job: from its code, so that every combination differs.
    const jobSeed = (seed * 7919 + [...combinationCode(c)].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 0)) >>> 0;
    first.push({ score: qualityScore({ look: compose(c, jobSeed), sharpness: 1 }).score, threshold });
    const chosen = composeToStandard(c, jobSeed);
    tries += chosen.tries;
    if (chosen.expectedScore < threshold) gaveUp++;
    t = performance.now();
    const raw = await atelierProvider.render(chosen.look, lookPrompt(chosen.look), NEGATIVE_PROMPT, AbortSignal.timeout(60_000));
    const processed = await processImage(raw, aiMarkOf(atelierProvider.name));
    renderMs += performance.now() - t;
    const score = qualityScore({ look: chosen.look, judgement: chosen.judgement, sharpness: processed.sharpness }).score;
    kept.push({ score, threshold });
    if (!passesQuality(score, c.gender, c.skinTone)) refused++;
    progress.increment();
  }
  progress.stop();
  return {
    combinations: combos.length,
    first: spread(first),
    kept: spread(kept),
    composerGaveUp: gaveUp,
    meanTries: Math.round((100 * tries) / combos.length) / 100,
    refusedRenders: refused,
    composeJudgeMs: Math.round(composeJudgeMs * 1000) / 1000,
    bareSharpMs: Math.round(floor * 10) / 10,
    renderMs: Math.round((renderMs / combos.length) * 10) / 10,
  };
}

export function stylistTable(f: StylistFigures): string {
  const row = (name: string, s: Spread) => `| ${name} | ${s.p10} | ${s.p50} | ${s.p90} | ${s.under70}% | ${s.underThreshold}% |`;
  return [
    '| scores of | p10 | p50 | p90 | under 70 | under its threshold (65 female fair, 70 others) |',
    '|---|---|---|---|---|---|',
    row("the composer's first proposal (sharpness 1)", f.first),
    row(`what is kept: the first of up to ${COMPOSE_TRIES} proposals to pass, drawn and scored from its pixels`, f.kept),
    '',
    `- ${f.combinations.toLocaleString('en-US')} combinations, one look each; ${f.meanTries} proposals per look on average; the composer gave up (best of ${COMPOSE_TRIES} still under) on ${f.composerGaveUp}.`,
    `- The pipeline refused ${f.refusedRenders} of ${f.combinations.toLocaleString('en-US')} renders (${Math.round((1000 * f.refusedRenders) / f.combinations) / 10}%): its retry renders another seed.`,
    `- A proposal (compose and judge) costs ${f.composeJudgeMs} ms, ${(f.composeJudgeMs / f.bareSharpMs).toFixed(3)}x the bare sharp render of this sitting (${f.bareSharpMs} ms); the built-in render and processing of a look, ${f.renderMs} ms (${(f.renderMs / f.bareSharpMs).toFixed(1)}x).`,
  ].join('\n');
}
