import { combinationCode, selectionOf, type Combination } from '@drape/contracts';

/**
 * The seven columns that say which combination a row belongs to (combinations, generated_images,
 * blocked_images), written from one place. `combination_code` is `code` in the combinations table.
 */
export function combinationColumns(c: Combination) {
  const selection = selectionOf(c);
  return {
    combination_code: combinationCode(c),
    gender: c.gender,
    selection_kind: selection.kind,
    selection_id: selection.id,
    style_vibe: c.styleVibe ?? null,
    body_shape: c.bodyShape ?? null,
    skin_tone: c.skinTone ?? null,
  };
}
