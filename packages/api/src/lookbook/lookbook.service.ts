import { sql, type CompiledQuery } from 'kysely';
import type { Config } from '@drape/config';
import { lookbookMessages, tierPolicy, type ColorFamily, type LookbookListQuery, type LookbookPage } from '@drape/contracts';
import type { Db, ImageStatus, UserRow } from '@drape/db';
import { appError } from '../errors';
import { hasLookFilters, resolveLookFilters, type LookFilters } from '../looks/look-filters';
import { lookViews } from '../looks/look-view';

export interface LookbookDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

/** The partial indexes' predicate, as a literal: a bound parameter would not match it in a generic plan. */
const IN_LOOKBOOK = sql.lit<ImageStatus>('lookbook');

/** A page's ids as a query: what the service runs, and what the plan checks explain. */
export interface PageIdsQuery {
  compile(): CompiledQuery<{ id: string }>;
  execute(): Promise<{ id: string }[]>;
}

export type LookbookFilters = LookFilters & { color?: ColorFamily | undefined };

/**
 * The ids of one page, newest in the LookBook first, by an index-only range of the partial index
 * that fits the filter (docs/decisions/0011-lookbook-and-wardrobe-paging.md): the first half of the
 * deferred join, so that 10,000 looks deep skips index entries, not rows with their pieces.
 */
export function pageIdsQuery(db: Db, f: LookbookFilters, offset: number, limit: number): PageIdsQuery {
  if (f.color) {
    // One row per color of each LookBook look, ordered as the LookBook: a rare color is as quick as a common one.
    let q = db.selectFrom('lookbook_colors as lc').select('lc.image_id as id').where('lc.color', '=', f.color);
    if (f.gender) q = q.where('lc.gender', '=', f.gender);
    if (f.selections.length || f.styleVibe) {
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('generated_images as gi')
            .select(sql`1`.as('one'))
            .whereRef('gi.id', '=', 'lc.image_id')
            // The predicate of the partial indexes: the other filter is then a range of lookbook_selection
            // or lookbook_style_vibe, not of every look of that selection.
            .where('gi.status', '=', IN_LOOKBOOK)
            .where((g) => g.and([
              ...f.selections.flatMap((s) => [g('gi.selection_kind', '=', s.kind), g('gi.selection_id', '=', s.id)]),
              ...(f.styleVibe ? [g('gi.style_vibe', '=', f.styleVibe)] : []),
            ])),
        ),
      );
    }
    return q.orderBy('lc.lookbook_at', 'desc').orderBy('lc.image_id', 'desc').offset(offset).limit(limit);
  }
  let q = db.selectFrom('generated_images as gi').select('gi.id').where('gi.status', '=', IN_LOOKBOOK);
  if (f.gender) q = q.where('gi.gender', '=', f.gender);
  for (const s of f.selections) q = q.where('gi.selection_kind', '=', s.kind).where('gi.selection_id', '=', s.id);
  if (f.styleVibe) q = q.where('gi.style_vibe', '=', f.styleVibe);
  return q.orderBy('gi.lookbook_at', 'desc').orderBy('gi.id', 'desc').offset(offset).limit(limit);
}

/**
 * GET /api/siims/lookbook: a page of the LookBook. Stylist and above (user-area §6); filters are a
 * Fashion Icon's. A capped tier's 50 looks per session are a position cap: a page never reaches
 * past position 50, and from there the answer is empty with viewLimitReached.
 */
export async function listLookbook(deps: LookbookDeps, user: UserRow, input: LookbookListQuery): Promise<LookbookPage> {
  const policy = tierPolicy(user.tier);
  if (!policy.lookbook) throw appError('tier_required', lookbookMessages.tierRequired);
  const filters = resolveLookFilters({ gender: input.gender, occasion: input.occasion, trend: input.trend, styleVibe: input.style_vibe ?? input.styleVibe });
  if (!policy.lookbookFilters && (hasLookFilters(filters) || input.color)) throw appError('filters_tier', lookbookMessages.filtersTier);

  const cap = policy.lookbookViewsPerSession;
  const room = cap === null ? input.limit : Math.max(0, Math.min(input.limit, cap - input.offset));
  const base = { limit: input.limit, offset: input.offset, viewLimit: cap, filtersAllowed: policy.lookbookFilters };
  if (room === 0) return { ...base, looks: [], hasMore: false, viewLimitReached: true };

  // One id beyond the page says whether there is more.
  const ids = (await pageIdsQuery(deps.db, { ...filters, color: input.color }, input.offset, room + 1).execute()).map((r) => r.id);
  const page = ids.slice(0, room);
  const looks = await lookViews(deps.db, deps.config, user.id, page);
  const viewLimitReached = cap !== null && input.offset + page.length >= cap;
  return { ...base, looks, hasMore: ids.length > room && !viewLimitReached, viewLimitReached };
}
