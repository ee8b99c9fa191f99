import { sql } from 'kysely';
import { enhancedPrompt, enumerateCombinations } from '@drape/atelier';
import { combinationCode, selectionOf } from '@drape/contracts';
import type { Db } from '@drape/db';

/**
 * The combination matrix: every fully specified combination of the active dimensions, each with
 * a stable code and an enhanced prompt. Idempotent; combinations that left the active set stay
 * (their images refer to them) but are marked inactive, so the batch no longer stocks them.
 */
export async function ensureMatrix(db: Db): Promise<{ total: number; added: number }> {
  const combos = enumerateCombinations({ activeOnly: true, includeUnset: false });
  let added = 0;
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('combinations').set({ active: false }).execute();
    for (let i = 0; i < combos.length; i += 500) {
      const rows = combos.slice(i, i + 500).map((c) => {
        const s = selectionOf(c);
        return {
          code: combinationCode(c), gender: c.gender, selection_kind: s.kind, selection_id: s.id,
          style_vibe: c.styleVibe ?? null, body_shape: c.bodyShape ?? null, skin_tone: c.skinTone ?? null,
          enhanced_prompt: enhancedPrompt(c), active: true,
        };
      });
      const res = await tx
        .insertInto('combinations')
        .values(rows)
        .onConflict((oc) => oc.column('code').doUpdateSet({ active: true }))
        .returning(sql<boolean>`xmax = 0`.as('inserted'))
        .execute();
      added += res.filter((r) => r.inserted).length;
    }
  });
  return { total: combos.length, added };
}
