import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { RateLimits } from '@drape/auth';
import type { Config } from '@drape/config';
import { OCCASIONS, selectionName, STYLE_VIBES, tierPolicy, type SelectionRef } from '@drape/contracts';
import { COLLECTION_ICONS, COLLECTION_PREVIEW, collectionDescriptions, wardrobeMessages, type SmartCollection, type WardrobeCollections, type WardrobeContainsAnswer, type WardrobeCount, type WardrobeEntry, type WardrobeListQuery, type WardrobeNotesAnswer, type WardrobeNotesInput, type WardrobePage, type WardrobeRemoveAnswer, type WardrobeSaveAnswer } from '@drape/contracts/wardrobe';
import { wardrobeEntryAnswer, wardrobePageAnswer } from '@drape/contracts/look-answers';
import { insertWardrobeItem, type Database, type Db, type UserRow, type WardrobeItemsTable } from '@drape/db';
import { appError, rateLimited } from '../errors';
import { mediaUrl, nameOf } from '@drape/looks';
import { resolveLookFilters, type LookFilters } from '../looks/look-filters';
import { markChecked } from '../checked-answers';
import { forgetSavedLooks, sharedLookbookOf } from '../lookbook/lookbook-cache';
import { sharedCards } from '../lookbook/lookbook.service';
import { lookViews } from '../looks/look-view';
import { decodeCursor, encodeCursor } from '../looks/page-cursor';
import { lockSeenLook } from '../share/share.service';

export interface WardrobeDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
  rateLimits: RateLimits;
}

type Items = ExpressionBuilder<Database & { w: WardrobeItemsTable }, 'w'>;

/** Stylist and above keep a wardrobe (user-area §6); anything else is refused before any query. */
function wardrobePolicy(user: UserRow) {
  const policy = tierPolicy(user.tier);
  if (!policy.wardrobe) throw appError('tier_required', wardrobeMessages.tierRequired);
  return policy;
}

/** Writes are counted per user, as shares are: a person never notices, a script in a loop stops. */
async function consumeWrite(deps: WardrobeDeps, user: UserRow) {
  const limit = await deps.rateLimits.consume('wardrobeUser', user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
}

/** The user's rows matching the filters: the wardrobe rows carry the look's fields, so no join. */
function matching(userId: string, f: LookFilters) {
  return (eb: Items) =>
    eb.and([
      eb('w.user_id', '=', userId),
      ...(f.gender ? [eb('w.gender', '=', f.gender)] : []),
      ...f.selections.flatMap((s) => [eb('w.selection_kind', '=', s.kind), eb('w.selection_id', '=', s.id)]),
      ...(f.styleVibe ? [eb('w.style_vibe', '=', f.styleVibe)] : []),
    ]);
}

async function countSaved(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('wardrobe_items').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

function countOf(user: UserRow, saved: number): WardrobeCount {
  return { saved, cap: tierPolicy(user.tier).wardrobeCap };
}

interface EntryRow {
  id: string;
  image_id: string;
  notes: string | null;
  created_at: Date;
}

/**
 * Wardrobe rows as entries, in the rows' order. The looks' cards come from the process's shared
 * cards (checked once as they were held; `checked` then says so) while it holds them, else in one
 * query. A wardrobe's look is saved by its owner: `saved` is true.
 */
async function entries(deps: Pick<WardrobeDeps, 'db' | 'config'>, userId: string, rows: EntryRow[]): Promise<{ items: WardrobeEntry[]; checked: boolean }> {
  const ids = rows.map((r) => r.image_id);
  const cards = await sharedCards(deps, ids);
  const looks = new Map(cards ? cards.map((c) => [c.view.imageId, c.view]) : (await lookViews(deps.db, deps.config, userId, ids)).map((l) => [l.imageId, l]));
  const items = rows.flatMap((r) => {
    const look = looks.get(r.image_id);
    return look ? [{ ...look, saved: true, id: r.id, notes: r.notes, savedAt: new Date(r.created_at).toISOString() }] : [];
  });
  return { items, checked: cards !== null };
}

/** What a page made of held cards still checks per call: its own fields and each entry's own. */
const pageFields = wardrobePageAnswer.omit({ items: true });
const entryFields = wardrobeEntryAnswer.pick({ id: true, notes: true, savedAt: true, saved: true });

/**
 * The user's saved looks and those the filters match, in one pass over their index entries; held
 * with their saved looks while the process hears their changes (a save or a removal anywhere:
 * migration 0020's `saved:<user>`), since a wardrobe's rows change only then.
 */
function countsOf(deps: Pick<WardrobeDeps, 'db'>, userId: string, filters: LookFilters): Promise<{ saved: string; total: string }> {
  const read = () =>
    deps.db
      .selectFrom('wardrobe_items as w')
      .select((eb) => [eb.fn.countAll<string>().as('saved'), sql<string>`count(*) filter (where ${matching(userId, filters)(eb)})`.as('total')])
      .where('w.user_id', '=', userId)
      .executeTakeFirstOrThrow();
  const shared = sharedLookbookOf(deps.db);
  return shared ? shared.ofUser(`counts ${JSON.stringify(filters)}`, userId, read) : read();
}

/** GET /api/siims/wardrobe: a page of the user's saved looks, newest or oldest first, with the total. */
export async function listWardrobe(deps: WardrobeDeps, user: UserRow, input: WardrobeListQuery): Promise<WardrobePage> {
  wardrobePolicy(user);
  const filters = resolveLookFilters(input);
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const dir = input.sortBy === 'oldest' ? 'asc' : 'desc';
  // The page's entries by an index-only range of (user_id, created_at, id) (or the selection's or
  // the vibe's index; migration 0021 put the look and its filter columns in them), from a position
  // (offset: skipped index entries) or after the cursor's entry (keyset: the range starts there),
  // one beyond the page for hasMore; the notes of those entries only, by key. Both counts in one
  // pass over the user's index entries, in parallel with the page.
  const after = cursor ? sql<boolean>`(w.created_at, w.id) ${sql.raw(dir === 'desc' ? '<' : '>')} (timestamptz 'epoch' + ${cursor.at}::int8 * interval '1 microsecond', ${cursor.id}::uuid)` : null;
  const [rows, counts] = await Promise.all([
    deps.db
      .selectFrom((eb) => {
        let page = eb.selectFrom('wardrobe_items as w').select(['w.id', 'w.image_id', 'w.created_at']).where(matching(user.id, filters));
        if (after) page = page.where(after);
        return page.orderBy('w.created_at', dir).orderBy('w.id', dir).offset(cursor ? 0 : input.offset).limit(input.limit + 1).as('p');
      })
      .select((eb) => [
        'p.id', 'p.image_id', 'p.created_at',
        sql<string>`(extract(epoch from p.created_at) * 1000000)::int8`.as('at'),
        eb.selectFrom('wardrobe_items as n').select('n.notes').whereRef('n.id', '=', 'p.id').as('notes'),
      ])
      .orderBy('p.created_at', dir)
      .orderBy('p.id', dir)
      .execute(),
    countsOf(deps, user.id, filters),
  ]);
  const total = Number(counts.total);
  // One row beyond the page says whether there is more (a count would miscount when a cursor's list changed).
  const shown = rows.slice(0, input.limit);
  const { items, checked } = await entries(deps, user.id, shown);
  const offset = cursor ? cursor.n : input.offset;
  const hasMore = rows.length > input.limit;
  const last = shown.at(-1);
  const rest = {
    ...countOf(user, Number(counts.saved)),
    total,
    limit: input.limit,
    offset,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ at: last.at, id: last.id, n: offset + shown.length }) : null,
  };
  const page = { ...rest, items };
  if (!checked) return page;
  return markChecked(page, () => {
    pageFields.parse(rest);
    for (const item of items) entryFields.parse(item);
  });
}

interface GroupRow {
  selection_kind: SelectionRef['kind'] | null;
  selection_id: string | null;
  style_vibe: string | null;
  n: number;
  items: { id: string; storage_key: string; thumb_key: string; status: string }[];
}

/**
 * GET /api/siims/wardrobe/collections: smart collections by occasion, style vibe and trend (a
 * look's trend, palette or occasion is its selection), the biggest first within each kind, each
 * with its newest looks as a preview and the list filter that shows all of it, in one query.
 */
export async function wardrobeCollections(deps: Pick<WardrobeDeps, 'db' | 'config'>, user: UserRow): Promise<WardrobeCollections> {
  wardrobePolicy(user);
  // Held with the user's saved looks while the process hears their changes (a save, a removal, a
  // saved look's shown fields: migrations 0020 and 0023), else built from the database.
  const shared = sharedLookbookOf(deps.db);
  return shared ? shared.ofUser('collections', user.id, () => buildCollections(deps, user)) : buildCollections(deps, user);
}

async function buildCollections(deps: Pick<WardrobeDeps, 'db' | 'config'>, user: UserRow): Promise<WardrobeCollections> {
  // Counts by index ranges, previews by a 4-row range per group (newest first): no sort of the
  // whole wardrobe per group. The style grouping reads the rows (no index has the vibe).
  const preview = (match: RawBuilder<unknown>) => sql`
    coalesce((select jsonb_agg(jsonb_build_object('id', gi.id, 'storage_key', gi.storage_key, 'thumb_key', gi.thumb_key, 'status', gi.status) order by p.created_at desc, p.id desc)
                from (select w.id, w.image_id, w.created_at from wardrobe_items w
                       where w.user_id = ${user.id} and ${match}
                       order by w.created_at desc, w.id desc limit ${sql.lit(COLLECTION_PREVIEW)}) p
                join generated_images gi on gi.id = p.image_id), '[]'::jsonb)`;
  const { rows } = await sql<GroupRow>`
    select s.selection_kind, s.selection_id, null as style_vibe, s.n,
           ${preview(sql`w.selection_kind = s.selection_kind and w.selection_id = s.selection_id`)} as items
      from (select selection_kind, selection_id, count(*)::int as n from wardrobe_items where user_id = ${user.id} group by selection_kind, selection_id) s
    union all
    select null, null, v.style_vibe, v.n, ${preview(sql`w.style_vibe = v.style_vibe`)}
      from (select style_vibe, count(*)::int as n from wardrobe_items where user_id = ${user.id} and style_vibe is not null group by style_vibe) v`.execute(deps.db);

  const collections: SmartCollection[] = rows.map((g) => {
    const items = g.items.map((i) => ({ imageId: i.id, imageUrl: mediaUrl(deps.config, i.storage_key), thumbnailUrl: mediaUrl(deps.config, i.thumb_key), status: i.status }));
    if (g.selection_kind && g.selection_id) {
      const ref = { kind: g.selection_kind, id: g.selection_id } as SelectionRef;
      const name = selectionName(ref);
      if (ref.kind === 'occasion') {
        const icon = OCCASIONS.find((o) => o.id === ref.id)?.icon ?? COLLECTION_ICONS.trend;
        return { id: `occasion:${ref.id}`, name, description: collectionDescriptions.occasion(name), icon, type: 'occasion', itemCount: g.n, items, filter: { occasion: ref.id } };
      }
      return {
        id: `${ref.kind}:${ref.id}`, name, description: collectionDescriptions[ref.kind](name), icon: COLLECTION_ICONS[ref.kind],
        type: 'trend', itemCount: g.n, items, filter: { trend: ref.id },
      };
    }
    const vibe = g.style_vibe!;
    const name = nameOf(STYLE_VIBES, vibe) ?? vibe;
    return { id: `style:${vibe}`, name, description: collectionDescriptions.style(name), icon: COLLECTION_ICONS.style, type: 'style', itemCount: g.n, items, filter: { styleVibe: vibe } };
  });
  const order = { occasion: 0, style: 1, trend: 2 } as const;
  collections.sort((a, b) => order[a.type] - order[b.type] || b.itemCount - a.itemCount || a.name.localeCompare(b.name));
  return { collections };
}

/**
 * POST /api/siims/wardrobe: saves a look the user may see (served to them, in the LookBook, or
 * shared: the share rule). A Stylist keeps 20; the count is taken under the user's row lock, so
 * two tabs saving at once cannot pass the cap.
 */
export async function saveToWardrobe(deps: WardrobeDeps, user: UserRow, imageId: string): Promise<WardrobeSaveAnswer> {
  const policy = wardrobePolicy(user);
  await consumeWrite(deps, user);
  const saved = await deps.db.transaction().execute(async (tx) => {
    // NO KEY UPDATE: saves of one user queue here, while rows that only reference the user
    // (views, usage) are not held up.
    await tx.selectFrom('users').select('id').where('id', '=', user.id).forNoKeyUpdate().executeTakeFirstOrThrow();
    const existing = await tx.selectFrom('wardrobe_items').select('id').where('user_id', '=', user.id).where('image_id', '=', imageId).executeTakeFirst();
    if (existing) throw appError('already_saved', wardrobeMessages.alreadySaved);
    if (!(await lockSeenLook(tx, user.id, imageId))) throw appError('not_found', wardrobeMessages.lookNotFound);
    const count = await countSaved(tx, user.id);
    if (policy.wardrobeCap !== null && count >= policy.wardrobeCap) throw appError('wardrobe_full', wardrobeMessages.full);
    const id = await insertWardrobeItem(tx, user.id, imageId);
    if (!id) throw appError('already_saved', wardrobeMessages.alreadySaved);
    const row = await tx.selectFrom('wardrobe_items').select(['id', 'image_id', 'notes', 'created_at']).where('id', '=', id).executeTakeFirstOrThrow();
    return { row, count: count + 1 };
  });
  // Every server hears it (migration 0020); this one shows it on its very next LookBook page.
  forgetSavedLooks(deps.db, user.id);
  const { items: [item] } = await entries(deps, user.id, [saved.row]);
  return { success: true, item: item!, ...countOf(user, saved.count) };
}

/** DELETE /api/siims/wardrobe/{imageId}: removed false when it was not there (the spec's client ignores errors). */
export async function removeFromWardrobe(deps: WardrobeDeps, user: UserRow, imageId: string): Promise<WardrobeRemoveAnswer> {
  wardrobePolicy(user);
  await consumeWrite(deps, user);
  const removed = await deps.db.deleteFrom('wardrobe_items').where('user_id', '=', user.id).where('image_id', '=', imageId).returning('id').executeTakeFirst();
  forgetSavedLooks(deps.db, user.id);
  return { success: true, removed: removed !== undefined, ...countOf(user, await countSaved(deps.db, user.id)) };
}

/**
 * PATCH /api/siims/wardrobe/{id}/notes: the owner's notes on one saved look; empty notes clear
 * them. Another user's item is not found, as an unknown one is.
 */
export async function updateWardrobeNotes(deps: WardrobeDeps, user: UserRow, input: WardrobeNotesInput): Promise<WardrobeNotesAnswer> {
  wardrobePolicy(user);
  await consumeWrite(deps, user);
  const notes = input.notes.trim() === '' ? null : input.notes.trim();
  const row = await deps.db
    .updateTable('wardrobe_items')
    .set({ notes })
    .where('id', '=', input.id)
    .where('user_id', '=', user.id)
    .returning(['id', 'notes'])
    .executeTakeFirst();
  if (!row) throw appError('not_found', wardrobeMessages.notFound);
  return { success: true, id: row.id, notes: row.notes };
}

/**
 * Which of these looks the caller saved, and the wardrobe's size against the cap: the Save
 * buttons' state. Any signed-in tier may ask (below Stylist the answer is simply none saved).
 */
export async function wardrobeContains(db: Db, user: UserRow, imageIds: readonly string[]): Promise<WardrobeContainsAnswer> {
  const [rows, saved] = await Promise.all([
    imageIds.length
      ? db.selectFrom('wardrobe_items').select('image_id').where('user_id', '=', user.id).where('image_id', 'in', [...imageIds]).execute()
      : Promise.resolve([]),
    countSaved(db, user.id),
  ]);
  const found = new Set(rows.map((r) => r.image_id));
  return { ...countOf(user, saved), imageIds: imageIds.filter((id) => found.has(id)) };
}
