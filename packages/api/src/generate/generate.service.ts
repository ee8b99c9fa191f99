import { sql } from 'kysely';
import {
  generationMessages, isGender, tierPolicy, type GenerateJobData, type GenerateOutfitInput, type OutfitView,
} from '@drape/contracts';
import type { Db, UserRow } from '@drape/db';
import { resolveCatalogId } from '../catalog/catalog.service';
import type { Context } from '../context';
import { appError, rateLimited } from '../errors';
import { tierOf } from '../user/user.view';
import { fashionItemsOf, outfitView } from './outfit.view';
import { lockUsage, release, reserve, spend, today } from './usage';

type UserCtx = Context & { user: UserRow };

export interface GenerationRequest {
  gender: 'female' | 'male';
  selection: { kind: 'trend' | 'palette' | 'occasion'; id: string };
  styleVibe?: string;
  bodyShape?: string;
  skinTone?: string;
}

const TABLE = { trend: 'trends', palette: 'palettes', occasion: 'occasions' } as const;
const LABEL = { trend: 'trend', palette: 'color palette', occasion: 'occasion' } as const;

/** Turns the request into catalog ids, refusing anything unknown or not allowed for the tier. */
export async function parseGenerationRequest(db: Db, user: UserRow, input: GenerateOutfitInput): Promise<GenerationRequest> {
  const gender = input.gender?.toLowerCase();
  if (!gender) throw appError('invalid_input', generationMessages.genderRequired);
  if (!isGender(gender)) throw appError('invalid_input', `Unknown gender: ${input.gender}. Choose female or male.`);
  const chosen = ([
    ['occasion', input.occasion],
    ['trend', input.trend],
    ['palette', input.colorPalette ?? input.color_palette],
  ] as const).filter(([, v]) => v);
  if (chosen.length === 0) throw appError('invalid_input', generationMessages.selectionRequired);
  if (chosen.length > 1) throw appError('invalid_input', generationMessages.oneSelection);
  const [kind, value] = chosen[0]!;
  const id = await resolveCatalogId(db, TABLE[kind], value!);
  if (!id) throw appError('invalid_input', `Unknown ${LABEL[kind]}: ${value}`);

  const personalized = Boolean(input.styleVibe || input.bodyShape || input.skinTone);
  const allowed = tierPolicy(tierOf(user)).personalization;
  if (personalized && !allowed) throw appError('invalid_input', generationMessages.personalizationTier);
  const request: GenerationRequest = { gender, selection: { kind, id } };
  if (!allowed) return request;
  // The request's values win; otherwise the saved preferences apply.
  const vibe = input.styleVibe ?? user.style_vibe;
  const body = input.bodyShape ?? user.body_shape;
  const skin = input.skinTone ?? user.skin_tone;
  if (vibe) request.styleVibe = (await resolveCatalogId(db, 'style_vibes', vibe)) ?? fail('style vibe', vibe);
  if (body) request.bodyShape = (await resolveCatalogId(db, 'body_shapes', body)) ?? fail('body shape', body);
  if (skin) request.skinTone = (await resolveCatalogId(db, 'skin_tones', skin)) ?? fail('skin tone', skin);
  return request;
}

function fail(label: string, value: string): never {
  throw appError('invalid_input', `Unknown ${label}: ${value}`);
}

/** An unseen viewable image matching the request, locked so that a parallel request takes another. */
async function pickFromInventory(tx: Db, userId: string, r: GenerationRequest): Promise<string | null> {
  let q = tx
    .selectFrom('generated_images as gi')
    .select('gi.id')
    .where('gi.gender', '=', r.gender)
    .where('gi.selection_kind', '=', r.selection.kind)
    .where('gi.selection_id', '=', r.selection.id)
    .where('gi.status', '=', 'viewable')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('image_views as v').select(sql`1`.as('one')).where('v.user_id', '=', userId).whereRef('v.image_id', '=', 'gi.id'))));
  if (r.styleVibe) q = q.where('gi.style_vibe', '=', r.styleVibe);
  if (r.bodyShape) q = q.where('gi.body_shape', '=', r.bodyShape);
  if (r.skinTone) q = q.where('gi.skin_tone', '=', r.skinTone);
  const row = await q.orderBy('gi.created_at').limit(1).forUpdate().skipLocked().executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Get My Look (ARCHITECTURE.md "One request"): quota under a row lock, inventory first, live
 * generation otherwise. Quota is spent only for an outfit actually returned.
 */
export async function generateOutfit(ctx: UserCtx, input: GenerateOutfitInput): Promise<OutfitView> {
  const request = await parseGenerationRequest(ctx.db, ctx.user, input);
  const burst = await ctx.rateLimits.consume('generateUser', ctx.user.id);
  if (!burst.ok) throw rateLimited(burst.retryAfterSeconds);
  const tier = tierOf(ctx.user);

  const fromInventory = await ctx.db.transaction().execute(async (tx) => {
    const usage = await lockUsage(tx, ctx.user.id, tier);
    if (usage.used + usage.reserved >= usage.limit) throw appError('daily_limit_exceeded', generationMessages.dailyLimit(usage.limit));
    const imageId = await pickFromInventory(tx, ctx.user.id, request);
    if (imageId) {
      await tx.insertInto('image_views').values({ user_id: ctx.user.id, image_id: imageId }).onConflict((oc) => oc.doNothing()).execute();
      await spend(tx, ctx.user.id, false);
      return imageId;
    }
    await reserve(tx, ctx.user.id);
    return null;
  });
  if (fromInventory) return outfitView(ctx.db, ctx.config, fromInventory, 'inventory');

  const day = today();
  let spent = false;
  try {
    const data: GenerateJobData = {
      gender: request.gender,
      ...(request.selection.kind === 'trend' ? { trend: request.selection.id as GenerateJobData['trend'] } : {}),
      ...(request.selection.kind === 'palette' ? { palette: request.selection.id as GenerateJobData['palette'] } : {}),
      ...(request.selection.kind === 'occasion' ? { occasion: request.selection.id as GenerateJobData['occasion'] } : {}),
      ...(request.styleVibe ? { styleVibe: request.styleVibe as GenerateJobData['styleVibe'] } : {}),
      ...(request.bodyShape ? { bodyShape: request.bodyShape as GenerateJobData['bodyShape'] } : {}),
      ...(request.skinTone ? { skinTone: request.skinTone as GenerateJobData['skinTone'] } : {}),
      seed: Math.floor(Math.random() * 2 ** 31),
      source: 'live',
    };
    const jobId = await ctx.generation.enqueue(data);
    const outcome = await ctx.generation.wait(jobId);
    if (outcome !== 'image') throw appError('generation_failed', generationMessages.failed);
    const image = await ctx.db.selectFrom('generated_images').select('id').where('job_id', '=', jobId).executeTakeFirstOrThrow();
    await ctx.db.transaction().execute(async (tx) => {
      await lockUsage(tx, ctx.user.id, tier);
      await tx.insertInto('image_views').values({ user_id: ctx.user.id, image_id: image.id }).onConflict((oc) => oc.doNothing()).execute();
      await spend(tx, ctx.user.id, true);
    });
    spent = true;
    return await outfitView(ctx.db, ctx.config, image.id, 'live');
  } finally {
    if (!spent) await release(ctx.db, ctx.user.id, day);
  }
}

/** GET /api/fashion-items/{imageId}. */
export async function fashionItemsForImage(db: Db, imageId: string) {
  const exists = await db.selectFrom('generated_images').select('id').where('id', '=', imageId).executeTakeFirst();
  if (!exists) throw appError('not_found', 'No such image.');
  return fashionItemsOf(db, imageId);
}
