import { sql } from 'kysely';
import {
  composeAround, composeToStandard, enhancedPrompt, lookPrompt, NEGATIVE_PROMPT, passesQuality, qualityScore, qualityThreshold, safetyVerdict, stylistConcerns,
  IMAGE_HEIGHT, IMAGE_WIDTH, type Look,
} from '@drape/atelier';
import { combinationColumns, type Db } from '@drape/db';
import { readOutcome, recordOutcome, type GenerateJobData } from '@drape/jobs';
import { insertLook, lookKeys } from '@drape/looks';
import { aiMarkOf, pieceRows } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { nsfwClassifier, type Classifier } from './classifier';
import { processImage, type ProcessedImage } from './image-processing';
import { resolveCombination } from './personalization';
import type { ImageProvider } from './providers/provider';

export interface GenerateDeps {
  db: Db;
  storage: Storage;
  provider: ImageProvider;
  timeoutMs: number;
  /** Defaults to the nsfwjs classifier. */
  classifier?: Classifier;
  /** When the job's run began (performance.now()), for the duration its outcome records; by default this call's start. */
  startedAt?: number;
}

export type GenerateOutcome =
  | { kind: 'image'; imageId: string; qualityScore: number; stages: StageTimes }
  | { kind: 'blocked'; blockedId: string; reason: string; stages: StageTimes };

export interface StageTimes {
  compose: number;
  render: number;
  process: number;
  classify: number;
  score: number;
  store: number;
}

/** A live request tries a few seeds before it gives up; a batch job tries one. */
export const ATTEMPTS = { live: 3, admin: 1, batch: 1 } as const;

/**
 * One `generate` job, idempotent by its id: the image row's job_id is unique and the files are
 * named by it, so a retry after a crash finds the finished work or redoes it in place; it never
 * makes a second image. Files are written before the row that points at them, and the job's
 * outcome is recorded with its rows (@drape/jobs), in the same transaction.
 */
export async function runGenerateJob(deps: GenerateDeps, jobId: string, data: GenerateJobData): Promise<GenerateOutcome> {
  deps = { ...deps, startedAt: deps.startedAt ?? performance.now() };
  const zero: StageTimes = { compose: 0, render: 0, process: 0, classify: 0, score: 0, store: 0 };
  const done = await readOutcome(deps.db, jobId);
  if (done?.outcome === 'stored') {
    const image = await deps.db.selectFrom('generated_images').select('quality_score').where('id', '=', done.imageId).executeTakeFirst();
    return { kind: 'image', imageId: done.imageId, qualityScore: image?.quality_score ?? 0, stages: zero };
  }
  if (done?.outcome === 'blocked') {
    const blocked = await deps.db.selectFrom('blocked_images').select('id').where('job_id', 'like', `${jobId}%`).orderBy('blocked_at', 'desc').executeTakeFirst();
    return { kind: 'blocked', blockedId: blocked?.id ?? '', reason: done.reason, stages: zero };
  }

  let last: GenerateOutcome | null = null;
  for (let attempt = 0; attempt < ATTEMPTS[data.source]; attempt++) {
    const attemptId = attempt === 0 ? jobId : `${jobId}-${attempt}`;
    const blocked = await deps.db.selectFrom('blocked_images').select(['id', 'rejection_reason']).where('job_id', '=', attemptId).executeTakeFirst();
    if (blocked) {
      last = { kind: 'blocked', blockedId: blocked.id, reason: blocked.rejection_reason, stages: zero };
      continue;
    }
    const stages: StageTimes = { ...zero };
    let t = performance.now();
    const lap = (stage: keyof StageTimes) => {
      const now = performance.now();
      stages[stage] += now - t;
      t = now;
    };
    const seed = (data.seed + attempt * 7919) >>> 0;
    const combination = resolveCombination(data, seed);
    // Around the user's own pieces (a personal look), or the composer's best: it tries again before
    // anything is rendered when the stylist would send the look back.
    const personal = data.ownedPieces !== undefined && data.ownedPieces.length > 0;
    const { look, judgement, note } = personal ? composeAround(combination, seed, data.ownedPieces!) : composeToStandard(combination, seed);
    const prompt = lookPrompt(look);
    lap('compose');
    const raw = await deps.provider.render(look, prompt, NEGATIVE_PROMPT, AbortSignal.timeout(deps.timeoutMs));
    lap('render');
    const processed = await processImage(raw, aiMarkOf(deps.provider.name));
    lap('process');
    const classified = await (deps.classifier ?? nsfwClassifier).classify(processed.classifierInput);
    lap('classify');
    const quality = qualityScore({ look, judgement, sharpness: processed.sharpness });
    const safety = safetyVerdict(look);
    lap('score');
    const skinTone = combination.skinTone ?? null;
    // A personal look is the best look around the user's own piece, whatever it scores: the stock's
    // bar would refuse a clash the user asked for. The safety checks stand for every look.
    if (classified.safe && safety.safe && (personal || passesQuality(quality.score, combination.gender, skinTone))) {
      const imageId = await storeImage(deps, jobId, look, note, prompt, processed, quality, classified.safetyScore, stages, personal);
      lap('store');
      return { kind: 'image', imageId, qualityScore: quality.score, stages };
    }
    const reason = !classified.safe ? 'content_safety' : !safety.safe ? (safety.reason ?? 'content_safety') : 'quality_threshold';
    const details = !classified.safe
      ? { error: 'classifier_flagged', reasoning: 'The image classifier flagged the picture as explicit.', predictions: classified.predictions }
      : !safety.safe
        ? safety.details
        : {
          error: 'quality_below_threshold',
          // What held it back, in the stylist's words, for the admin who reviews it.
          reasoning: [`Quality ${quality.score} is below ${qualityThreshold(combination.gender, skinTone)}.`, ...stylistConcerns(look, judgement)].join(' '),
          breakdown: quality.breakdown,
        };
    const blockedId = await storeBlocked(deps, attemptId, look, prompt, processed, reason, details, quality, classified.safetyScore, note);
    lap('store');
    last = { kind: 'blocked', blockedId, reason, stages };
  }
  // Every attempt was refused: the job ends blocked, with the last attempt's reason.
  const blocked = last!;
  if (blocked.kind === 'blocked') await recordOutcome(deps.db, jobId, { outcome: 'blocked', reason: blocked.reason }, { durationMs: ranFor(deps) });
  return blocked;
}

async function storeImage(
  deps: GenerateDeps, jobId: string, look: Look, note: readonly string[], prompt: string, processed: ProcessedImage, quality: { score: number; breakdown: object }, safetyScore: number, stages: StageTimes,
  personal: boolean,
): Promise<string> {
  const storeStart = performance.now();
  const { key, thumbKey } = lookKeys(jobId);
  await deps.storage.put('public', key, processed.image);
  await deps.storage.put('public', thumbKey, processed.thumbnail);
  const columns = combinationColumns(look.combination);
  const imageId = await deps.db.transaction().execute(async (tx) => {
    const stored = await insertLook(tx, {
      row: {
        job_id: jobId, ...columns,
        storage_key: key, thumb_key: thumbKey, width: IMAGE_WIDTH, height: IMAGE_HEIGHT, bytes: processed.image.length,
        quality_score: quality.score, quality: JSON.stringify(quality.breakdown), safety_score: safetyScore,
        // The store stage is measured up to the insert; the row's own commit is not in it.
        stage_ms: JSON.stringify(roundStages({ ...stages, store: performance.now() - storeStart })),
        color_families: [...new Set(look.colorsUsed.map((col) => col.family))], seed: Number(look.seed) >>> 0,
        prompt, provider: deps.provider.name, ai_marked: true, stylist_note: [...note], personal,
      },
      pieces: pieceRows(look),
      combination: { enhancedPrompt: enhancedPrompt(look.combination) },
    });
    // A concurrent run of the same job committed first: keep its image (its outcome is recorded).
    if (!stored.inserted) return stored.id;
    await recordOutcome(tx, jobId, { outcome: 'stored', imageId: stored.id }, { durationMs: ranFor(deps) });
    return stored.id;
  });
  return imageId;
}

/**
 * A refused attempt: the picture in the private area, the row with the reason, and the look as it
 * was composed, so that an admin's restore puts back the very pieces, prompt and scores.
 */
export async function storeBlocked(
  deps: Pick<GenerateDeps, 'db' | 'storage' | 'provider'>, attemptId: string, look: Look, prompt: string, processed: Pick<ProcessedImage, 'image'>,
  reason: string, details: object, quality: { score: number; breakdown: object }, safetyScore: number | null, note: readonly string[] = [],
): Promise<string> {
  // Refused pictures are kept for the admins' review, in the private area: never under /media.
  const key = `blocked/${attemptId}.webp`;
  await deps.storage.put('private', key, processed.image);
  const row = await deps.db
    .insertInto('blocked_images')
    .values({
      job_id: attemptId, ...combinationColumns(look.combination),
      storage_key: key, rejection_reason: reason, rejection_details: JSON.stringify(details), quality_score: quality.score, safety_score: safetyScore,
      seed: Number(look.seed) >>> 0, prompt, provider: deps.provider.name, quality: JSON.stringify(quality.breakdown),
      color_families: [...new Set(look.colorsUsed.map((col) => col.family))], pieces: JSON.stringify(pieceRows(look)), stylist_note: [...note],
    })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ rejection_reason: sql`blocked_images.rejection_reason` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How long the job has run so far (ms). */
const ranFor = (deps: Pick<GenerateDeps, 'startedAt'>) => performance.now() - (deps.startedAt ?? performance.now());

function roundStages(s: StageTimes): Record<string, number> {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v * 10) / 10]));
}
