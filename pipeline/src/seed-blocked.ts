import { composeToStandard, lookPrompt, qualityScore } from '@drape/atelier';
import { GENDERS, OCCASIONS, PALETTES, TRENDS, selectionField, type SelectionRef } from '@drape/contracts';
import { REJECTION_REASONS } from '@drape/contracts/admin';
import type { Db } from '@drape/db';
import { generateJobData } from '@drape/jobs';
import { aiMarkOf } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { storeBlocked } from './generate-job';
import { processImage } from './image-processing';
import { resolveCombination } from './personalization';
import type { ImageProvider } from './providers/provider';

/**
 * Blocked images for the admin's review screen in browser tests and demos: looks rendered and
 * processed as the pipeline does, stored as refused ones are (the private picture, the row with its
 * look), one rejection reason after another. They were not checked: their details say they were
 * seeded, so no one mistakes them for a real refusal.
 */
export async function seedBlocked(deps: { db: Db; storage: Storage; provider: ImageProvider }, count: number, seed = Date.now()): Promise<string[]> {
  const selections: SelectionRef[] = [
    ...TRENDS.map((t) => ({ kind: 'trend' as const, id: t.id })),
    ...PALETTES.map((p) => ({ kind: 'palette' as const, id: p.id })),
    ...OCCASIONS.map((o) => ({ kind: 'occasion' as const, id: o.id })),
  ];
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const lookSeed = (seed + i * 7919) >>> 0;
    const data = generateJobData({ gender: GENDERS[i % GENDERS.length]!, ...selectionField(selections[i % selections.length]!) }, { seed: lookSeed, source: 'batch' });
    const { look, judgement, note } = composeToStandard(resolveCombination(data, lookSeed), lookSeed);
    const prompt = lookPrompt(look);
    const raw = await deps.provider.render(look, prompt, '', AbortSignal.timeout(60_000));
    const processed = await processImage(raw, aiMarkOf(deps.provider.name));
    const quality = qualityScore({ look, judgement, sharpness: processed.sharpness });
    const reason = REJECTION_REASONS[i % REJECTION_REASONS.length]!;
    const details = { error: 'seeded', reasoning: `Seeded for review by \`npm run drape -- seed blocked\`: filed under ${reason} without being checked.` };
    ids.push(await storeBlocked(deps, `seed-blocked-${crypto.randomUUID()}`, look, prompt, processed, reason, details, quality, null, note));
  }
  return ids;
}
