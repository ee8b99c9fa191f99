import { enhancedPrompt, enumerateCombinations } from '@drape/atelier';
import { combinationCode, selectionName, selectionOf, SELECTION_KINDS, type Combination } from '@drape/contracts';
import { sql } from 'kysely';
import type { Db } from '@drape/db';

/** Rewrites every combination's enhanced prompt (the admin's "regenerate prompts"). */
export async function regeneratePrompts(db: Db, onProgress?: (done: number, total: number) => void): Promise<{ updated: number; errors: number; total: number; durationMs: number; samplePromptLength: number }> {
  const started = Date.now();
  const combos = enumerateCombinations({ activeOnly: false, includeUnset: false });
  let updated = 0;
  let errors = 0;
  let sample = 0;
  for (let i = 0; i < combos.length; i += 200) {
    const rows: { code: string; prompt: string }[] = [];
    for (const c of combos.slice(i, i + 200)) {
      try {
        const prompt = enhancedPrompt(c);
        sample ||= prompt.length;
        rows.push({ code: combinationCode(c), prompt });
      } catch {
        errors += 1;
      }
    }
    // One statement per chunk: a statement per combination was 2,400 round trips for one click.
    if (rows.length) {
      const values = sql.join(rows.map((r) => sql`(${r.code}, ${r.prompt})`));
      const res = await sql`update combinations c set enhanced_prompt = v.prompt, prompt_updated_at = now()
                              from (values ${values}) as v(code, prompt) where c.code = v.code`.execute(db);
      updated += Number(res.numAffectedRows ?? 0);
    }
    onProgress?.(Math.min(i + 200, combos.length), combos.length);
  }
  return { updated, errors, total: combos.length, durationMs: Date.now() - started, samplePromptLength: sample };
}

/**
 * Whether every active combination holds its current enhanced prompt (the CLI's `prompts verify`
 * and the admin's "verify prompts"): stale ones differ from what the generator writes today,
 * missing ones have no row.
 */
export async function verifyPrompts(db: Db): Promise<{ active: number; stale: number; missing: number; ok: boolean; samples: string[] }> {
  const rows = await db.selectFrom('combinations').select(['code', 'enhanced_prompt']).where('active', '=', true).execute();
  const expected = new Map(enumerateCombinations({ activeOnly: true, includeUnset: false }).map((c) => [combinationCode(c), enhancedPrompt(c)]));
  const present = new Set(rows.map((r) => r.code));
  const stale = rows.filter((r) => expected.get(r.code) !== r.enhanced_prompt).map((r) => r.code);
  const missing = [...expected.keys()].filter((code) => !present.has(code));
  return { active: rows.length, stale: stale.length, missing: missing.length, ok: stale.length === 0 && missing.length === 0, samples: [...stale, ...missing].slice(0, 10) };
}

/**
 * A few stored prompts to read (the admin's sample prompts): one per gender and selection kind,
 * spread over the matrix so that the trends, palettes, occasions and personalisations differ.
 */
export async function samplePrompts(db: Db): Promise<{ combinationCode: string; gender: string; selection: string; prompt: string }[]> {
  const combos = enumerateCombinations({ activeOnly: true, includeUnset: false });
  const picks: Combination[] = [];
  for (const [k, kind] of SELECTION_KINDS.entries()) {
    for (const [g, gender] of (['female', 'male'] as const).entries()) {
      const group = combos.filter((c) => c.gender === gender && selectionOf(c).kind === kind);
      // A different stride per pick walks away from the group's first entries (all the first trend).
      const pick = group[((k * 2 + g) * 97 + 13) % group.length];
      if (pick) picks.push(pick);
    }
  }
  const codes = picks.map((c) => combinationCode(c));
  const rows = await db.selectFrom('combinations').select(['code', 'enhanced_prompt']).where('code', 'in', codes).execute();
  const prompts = new Map(rows.map((r) => [r.code, r.enhanced_prompt]));
  return picks.flatMap((c, i) => {
    const prompt = prompts.get(codes[i]!);
    if (!prompt) return [];
    const s = selectionOf(c);
    const label = s.kind === 'trend' ? 'Trend' : s.kind === 'palette' ? 'Palette' : 'Occasion';
    return [{ combinationCode: codes[i]!, gender: c.gender, selection: `${label}: ${selectionName(s)}`, prompt }];
  });
}
