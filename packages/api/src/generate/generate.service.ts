import type { RateLimits } from '@drape/auth';
import type { Config } from '@drape/config';
import { isGender, selectionField, tierPolicy, type BodyShapeId, type Combination, type SelectionRef, type SkinToneId, type StyleVibeId } from '@drape/contracts';
import { generationMessages, type GenerateOutfitInput, type OutfitView } from '@drape/contracts/generation';
import type { Db, UserRow } from '@drape/db';
import { generateJobData, type LiveGeneration } from '@drape/jobs';
import { pickUnseenViewable } from '@drape/looks';
import { catalogLookup } from '../catalog/catalog-lookup';
import { ownedPiecesFor } from '../closet/owned-pieces';
import { isPublicLook, maySeeLook } from '../share/share.service';
import { appError, rateLimited } from '../errors';
import { fashionItemsOf, outfitView } from './outfit.view';
import { lockUsage, release, reserve, spend, today } from './usage';

/** A Get My Look request in catalog ids: the selection, and only the personalization it sets. */
export type GenerationRequest = Combination;

const LABEL = { trend: 'trend', palette: 'color palette', occasion: 'occasion' } as const;

function unknown(label: string, value: string): never {
  throw appError('invalid_input', `Unknown ${label}: ${value}`);
}

/** Turns the request into catalog ids, refusing anything unknown or not allowed for the tier. */
export function parseGenerationRequest(user: Pick<UserRow, 'tier' | 'style_vibe' | 'body_shape' | 'skin_tone'>, input: GenerateOutfitInput): GenerationRequest {
  const gender = input.gender?.toLowerCase();
  if (!gender) throw appError('invalid_input', generationMessages.genderRequired);
  if (!isGender(gender)) throw appError('invalid_input', `Unknown gender: ${input.gender}. Choose female or male.`);
  const chosen = ([
    ['occasion', input.occasion],
    ['trend', input.trend],
    ['palette', input.colorPalette ?? input.color_palette],
  ] as const).filter((entry): entry is readonly [SelectionRef['kind'], string] => Boolean(entry[1]));
  if (chosen.length === 0) throw appError('invalid_input', generationMessages.selectionRequired);
  if (chosen.length > 1) throw appError('invalid_input', generationMessages.oneSelection);
  const [kind, value] = chosen[0]!;
  const selection = selectionOfKind(kind, value);

  const personalized = Boolean(input.styleVibe || input.bodyShape || input.skinTone);
  const allowed = tierPolicy(user.tier).personalization;
  if (personalized && !allowed) throw appError('invalid_input', generationMessages.personalizationTier);
  const request: GenerationRequest = { gender, ...selectionField(selection) };
  if (!allowed) return request;
  // The request's values win; otherwise the saved preferences apply.
  const vibe: StyleVibeId | null | undefined = input.styleVibe ? (catalogLookup.styleVibe(input.styleVibe) ?? unknown('style vibe', input.styleVibe)) : user.style_vibe;
  const body: BodyShapeId | null | undefined = input.bodyShape ? (catalogLookup.bodyShape(input.bodyShape) ?? unknown('body shape', input.bodyShape)) : user.body_shape;
  const skin: SkinToneId | null | undefined = input.skinTone ? (catalogLookup.skinTone(input.skinTone) ?? unknown('skin tone', input.skinTone)) : user.skin_tone;
  if (vibe) request.styleVibe = vibe;
  if (body) request.bodyShape = body;
  if (skin) request.skinTone = skin;
  return request;
}

function selectionOfKind(kind: SelectionRef['kind'], value: string): SelectionRef {
  if (kind === 'trend') return { kind, id: catalogLookup.trend(value) ?? unknown(LABEL.trend, value) };
  if (kind === 'palette') return { kind, id: catalogLookup.palette(value) ?? unknown(LABEL.palette, value) };
  return { kind, id: catalogLookup.occasion(value) ?? unknown(LABEL.occasion, value) };
}

/**
 * The view, as the transaction's last statement: its counter trigger holds one of the admin
 * counters' shared slot rows until the commit (docs/decisions/0012-admin-counters.md), and other
 * users' Get My Look on the same slot wait for it; under load a round trip more meant a visible
 * lock wait in the load run (issue 15).
 */
async function recordView(tx: Db, userId: string, imageId: string): Promise<void> {
  await tx.insertInto('image_views').values({ user_id: userId, image_id: imageId }).onConflict((oc) => oc.doNothing()).execute();
}

export interface GenerateDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
  rateLimits: RateLimits;
  generation: Pick<LiveGeneration, 'enqueue' | 'wait'>;
}

/**
 * Get My Look: quota under a row lock, inventory first, live generation otherwise. Quota is spent
 * only for an outfit actually returned.
 */
export async function generateOutfit(deps: GenerateDeps, user: UserRow, input: GenerateOutfitInput): Promise<OutfitView> {
  const request = parseGenerationRequest(user, input);
  const burst = await deps.rateLimits.consume('generateUser', user.id);
  if (!burst.ok) throw rateLimited(burst.retryAfterSeconds);
  // A look around the user's own pieces is made for them, live: the inventory holds none.
  const ownedPieces = await ownedPiecesFor(deps.db, user.id, input.ownedPieceIds ?? []);

  const fromInventory = await deps.db.transaction().execute(async (tx) => {
    const usage = await lockUsage(tx, user.id, user.tier);
    if (usage.used + usage.reserved >= usage.limit) throw appError('daily_limit_exceeded', generationMessages.dailyLimit(usage.limit));
    const imageId = ownedPieces.length > 0 ? null : await pickUnseenViewable(tx, user.id, request);
    if (imageId) {
      await spend(tx, user.id, false);
      await recordView(tx, user.id, imageId);
      return imageId;
    }
    await reserve(tx, user.id);
    return null;
  });
  if (fromInventory) return outfitView(deps.db, deps.config, fromInventory, 'inventory');

  const day = today();
  let spent = false;
  try {
    const jobId = await deps.generation.enqueue(generateJobData(request, { seed: Math.floor(Math.random() * 2 ** 31), source: 'live', ownedPieces }));
    const ended = await deps.generation.wait(jobId);
    if (ended.outcome !== 'stored') throw appError('generation_failed', generationMessages.failed);
    await deps.db.transaction().execute(async (tx) => {
      await lockUsage(tx, user.id, user.tier);
      await spend(tx, user.id, true);
      await recordView(tx, user.id, ended.imageId);
    });
    spent = true;
    return await outfitView(deps.db, deps.config, ended.imageId, 'live');
  } finally {
    if (!spent) await release(deps.db, user.id, day);
  }
}

/**
 * GET /api/fashion-items/{imageId}: the pieces of a look the caller may see, by the share rule
 * (share.service): a signed-in user's look (served to them, saved, shared or in the LookBook), a
 * signed-out visitor's public one (shared or in the LookBook). An administrator reads every look's
 * (the admin gallery). Any other look answers as an unknown id: its existence is not revealed.
 */
export async function fashionItemsForImage(db: Db, caller: { viewer: UserRow | null; admin: boolean }, imageId: string) {
  const visible = caller.admin
    ? (await db.selectFrom('generated_images').select('id').where('id', '=', imageId).executeTakeFirst()) !== undefined
    : caller.viewer ? await maySeeLook(db, caller.viewer.id, imageId) : await isPublicLook(db, imageId);
  if (!visible) throw appError('not_found', 'No such image.');
  return fashionItemsOf(db, imageId);
}
