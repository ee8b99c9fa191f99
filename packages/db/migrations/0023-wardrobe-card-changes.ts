import { sql, type Kysely } from 'kysely';

/**
 * The shared cards serve the wardrobe too (docs/decisions/0030, amended): a card of a look held in
 * any wardrobe must be dropped when its shown fields or pieces change, whatever its status (a
 * wardrobe keeps looks outside the LookBook: served, archived). Migration 0020's statement
 * triggers notified only for LookBook and showcase looks; these functions also notify when a
 * changed look is in a wardrobe (by `wardrobe_items_image`). Such changes are rare (a saved look
 * curated or archived, its pieces rewritten), and a notification drops a process's whole copy.
 */
const CHANNEL = 'lookbook_changes';

/** Migration 0020's columns: what a page, a card or the landing shows, filters or orders by. */
const WATCHED = [
  'status', 'lookbook_at', 'gender', 'selection_kind', 'selection_id', 'style_vibe', 'storage_key', 'thumb_key',
  'width', 'height', 'color_families', 'created_at', 'quality_score', 'in_showcase', 'showcase_at',
] as const;

const row = (alias: string) => sql.raw(`(${WATCHED.map((c) => `${alias}.${c}`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const notify = sql.raw(`perform pg_notify('${CHANNEL}', '')`);
  await sql`
    create or replace function lookbook_changes_images() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        ${notify};
      elsif tg_op = 'INSERT' then
        if exists (select 1 from new_rows where status = 'lookbook' or in_showcase) then ${notify}; end if;
      elsif tg_op = 'DELETE' then
        if exists (select 1 from old_rows where status = 'lookbook' or in_showcase) then ${notify}; end if;
      elsif exists (
        select 1 from old_rows o join new_rows n on n.id = o.id
         where ${row('o')} is distinct from ${row('n')}
           and (o.status = 'lookbook' or n.status = 'lookbook' or o.in_showcase or n.in_showcase
                or exists (select 1 from wardrobe_items w where w.image_id = n.id))) then
        ${notify};
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function lookbook_changes_pieces() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        ${notify};
      elsif tg_op = 'INSERT' then
        if exists (select 1 from new_rows p join generated_images gi on gi.id = p.image_id
                    where gi.status = 'lookbook' or exists (select 1 from wardrobe_items w where w.image_id = p.image_id)) then ${notify}; end if;
      elsif exists (select 1 from old_rows p join generated_images gi on gi.id = p.image_id
                     where gi.status = 'lookbook' or exists (select 1 from wardrobe_items w where w.image_id = p.image_id)) then
        ${notify};
      end if;
      return null;
    end $$`.execute(db);
}
