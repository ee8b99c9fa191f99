import { enhancedPrompt, enumerateCombinations } from '@drape/atelier';
import { combinationCode } from '@drape/contracts';
import type { Db } from '@drape/db';

/** Rewrites every combination's enhanced prompt (the admin's "regenerate prompts"). */
export async function regeneratePrompts(db: Db, onProgress?: (done: number, total: number) => void): Promise<{ updated: number; errors: number; total: number; durationMs: number; samplePromptLength: number }> {
  const started = Date.now();
  const combos = enumerateCombinations({ activeOnly: false, includeUnset: false });
  let updated = 0;
  let errors = 0;
  let sample = 0;
  for (let i = 0; i < combos.length; i += 200) {
    const chunk = combos.slice(i, i + 200);
    await db.transaction().execute(async (tx) => {
      for (const c of chunk) {
        try {
          const prompt = enhancedPrompt(c);
          sample ||= prompt.length;
          const res = await tx.updateTable('combinations').set({ enhanced_prompt: prompt, prompt_updated_at: new Date() }).where('code', '=', combinationCode(c)).executeTakeFirst();
          updated += Number(res.numUpdatedRows);
        } catch {
          errors += 1;
        }
      }
    });
    onProgress?.(Math.min(i + 200, combos.length), combos.length);
  }
  return { updated, errors, total: combos.length, durationMs: Date.now() - started, samplePromptLength: sample };
}
