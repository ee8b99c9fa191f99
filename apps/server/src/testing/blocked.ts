import { runGenerateJob, type Classifier } from '@drape/pipeline';
import type { Combination } from '@drape/contracts';
import { atelierProviderForTests } from './providers';
import type { TestServer } from './harness';

/** A classifier that flags every picture, as nsfwjs does an explicit one: the job's safety check refuses it. */
export const flaggingClassifier: Classifier = {
  async classify() {
    return { safe: false, safetyScore: 12, predictions: { Porn: 0.88, Neutral: 0.12 } };
  },
};

let seed = 40_000;

/**
 * Blocked images made by the pipeline's own job (rendered, refused, the picture in the private
 * area, the row with its reason and look), as a batch makes them: one per call.
 */
export async function blockLook(s: TestServer, combination: Combination): Promise<string> {
  const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000, classifier: flaggingClassifier };
  const outcome = await runGenerateJob(deps, crypto.randomUUID(), { ...combination, seed: seed++, source: 'batch' } as never);
  if (outcome.kind !== 'blocked') throw new Error('the flagging classifier let a look through');
  return outcome.blockedId;
}
