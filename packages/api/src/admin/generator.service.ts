import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, findCatalogEntry, isGender, type Combination } from '@drape/contracts';
import { generatorMessages, type AdminGenerateAnswer, type AdminGenerateInput, type GeneratorOptions } from '@drape/contracts/admin';
import { generateJobData } from '@drape/jobs';
import { appError } from '../errors';
import type { GenerateDeps } from '../generate/generate.service';
import { mediaUrl } from '@drape/looks';
import { fashionItemsOf } from '../generate/outfit.view';

/**
 * What the single generator offers (settings-and-admin §2.2: 5 trends, 4 palettes, 6 occasions,
 * 4 vibes, 3 tones, 3 shapes): the catalog's active trends and occasions and the body shapes marked
 * for it. The catalog lives in contracts (the database tables are seeded from it), so no query.
 */
export const GENERATOR_CATALOG = {
  trends: TRENDS.filter((t) => t.active),
  palettes: PALETTES,
  occasions: OCCASIONS.filter((o) => o.isActive),
  styleVibes: STYLE_VIBES,
  skinTones: SKIN_TONES,
  bodyShapes: BODY_SHAPES.filter((b) => b.inGenerator),
} as const;

const named = (list: readonly { id: string; name: string }[]) => list.map(({ id, name }) => ({ id, name }));

export function generatorOptions(): GeneratorOptions {
  const c = GENERATOR_CATALOG;
  return {
    monthlyTrends: c.trends.map(({ id, name, category }) => ({ id, name, category })),
    seasons: c.palettes.map(({ id, name, colors }) => ({ id, name, colors: colors.map((col) => ({ name: col.name, hex: col.hex })) })),
    occasions: named(c.occasions),
    styleVibes: named(c.styleVibes),
    skinTones: named(c.skinTones),
    bodyShapes: named(c.bodyShapes),
  };
}

function offered<T extends { id: string; name: string }>(list: readonly T[], value: string, label: string): T['id'] {
  const entry = findCatalogEntry(list, value);
  if (!entry) throw appError('invalid_input', `Unknown ${label}: ${value}`);
  return entry.id;
}

/** The request as a combination of catalog ids; the spec's messages for a missing gender or choice. */
export function parseAdminGenerate(input: AdminGenerateInput): Combination {
  const c = GENERATOR_CATALOG;
  const gender = input.gender?.trim().toLowerCase();
  if (!gender) throw appError('invalid_input', generatorMessages.genderRequired);
  if (!isGender(gender)) throw appError('invalid_input', `Unknown gender: ${input.gender}. Choose Female or Male.`);
  if (!input.selection_type || !input.selection_id) throw appError('invalid_input', generatorMessages.selectionRequired);
  const combination: Combination =
    input.selection_type === 'trend' ? { gender, trend: offered(c.trends, input.selection_id, 'trend') }
      : input.selection_type === 'color' ? { gender, palette: offered(c.palettes, input.selection_id, 'color palette') }
        : { gender, occasion: offered(c.occasions, input.selection_id, 'occasion') };
  if (input.style_vibe_id) combination.styleVibe = offered(c.styleVibes, input.style_vibe_id, 'style vibe');
  if (input.skin_tone_id) combination.skinTone = offered(c.skinTones, input.skin_tone_id, 'skin tone');
  if (input.body_shape_id) combination.bodyShape = offered(c.bodyShapes, input.body_shape_id, 'body shape');
  return combination;
}

/** Refusals that are about what the picture shows; the others (quality, defects) are a failed render. */
const GUIDELINE_REASONS = new Set(['content_safety', 'insufficient_clothing']);

/** What a render needs: the same as Get My Look's live path. */
export type AdminGenerateDeps = GenerateDeps;

/**
 * One fresh render through the real pipeline, as Get My Look's live path makes it (a `generate`
 * job, waited for), never from the inventory. Each admin has a daily cap (a render costs); the
 * image joins the inventory like any other.
 */
export async function adminGenerate(deps: AdminGenerateDeps, adminKey: string, input: AdminGenerateInput): Promise<AdminGenerateAnswer> {
  const combination = parseAdminGenerate(input);
  const limit = await deps.rateLimits.consume('adminGenerateKey', adminKey);
  if (!limit.ok) throw appError('daily_limit_exceeded', generatorMessages.dailyLimit, limit.retryAfterSeconds);

  const jobId = await deps.generation.enqueue(generateJobData(combination, { seed: Math.floor(Math.random() * 2 ** 31), source: 'admin' }));
  const ended = await deps.generation.wait(jobId);
  if (ended.outcome === 'blocked' && GUIDELINE_REASONS.has(ended.reason)) throw appError('content_safety', generatorMessages.contentSafety);
  if (ended.outcome !== 'stored') throw appError('generation_failed', generatorMessages.failed);

  const image = await deps.db.selectFrom('generated_images').select(['id', 'storage_key', 'quality_score', 'combination_code']).where('id', '=', ended.imageId).executeTakeFirstOrThrow();
  const items = await fashionItemsOf(deps.db, image.id);
  return {
    success: true,
    imageId: image.id,
    imageUrl: mediaUrl(deps.config, image.storage_key),
    qualityScore: image.quality_score,
    combinationCode: image.combination_code,
    fashionItems: items.map((i) => ({ name: i.name, type: i.type, color: i.color, description: i.description, priceRange: i.priceRange })),
  };
}
