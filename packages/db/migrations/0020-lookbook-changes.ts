import { sql, type Kysely } from 'kysely';

/**
 * The LookBook's shared cache is dropped on every server process within a second of a change
 * (docs/decisions/0030-lookbook-shared-cache.md): statement triggers NOTIFY `lookbook_changes`
 * when a statement changes the LookBook's membership, a LookBook look's displayed or filtered
 * fields, its pieces, or the landing's showcase. Whoever writes (the admin area, auto-curation in
 * a pipeline worker, a seeding script, a hand-made update) is heard without knowing the cache
 * exists. A notification is sent at commit, once per transaction (PostgreSQL folds repeats), and
 * carries nothing: a process drops its whole copy.
 */
/** The channel (src/lookbook-changes.ts exports it; a migration keeps its own copy, frozen). */
const CHANNEL = 'lookbook_changes';

/** The columns a LookBook page or the landing shows, filters or orders by. */
const WATCHED = [
  'status', 'lookbook_at', 'gender', 'selection_kind', 'selection_id', 'style_vibe', 'storage_key', 'thumb_key',
  'width', 'height', 'color_families', 'created_at', 'quality_score', 'in_showcase', 'showcase_at',
] as const;

const row = (alias: string) => sql.raw(`(${WATCHED.map((c) => `${alias}.${c}`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const notify = sql.raw(`perform pg_notify('${CHANNEL}', '')`);
  await sql`
    create function lookbook_changes_images() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        ${notify};
      elsif tg_op = 'INSERT' then
        if exists (select 1 from new_rows where status = 'lookbook' or in_showcase) then ${notify}; end if;
      elsif tg_op = 'DELETE' then
        if exists (select 1 from old_rows where status = 'lookbook' or in_showcase) then ${notify}; end if;
      elsif exists (
        select 1 from old_rows o join new_rows n on n.id = o.id
         where (o.status = 'lookbook' or n.status = 'lookbook' or o.in_showcase or n.in_showcase)
           and ${row('o')} is distinct from ${row('n')}) then
        ${notify};
      end if;
      return null;
    end $$`.execute(db);
  // A look's pieces are written with it (one transaction, before it can be in the LookBook); a
  // script that copies a LookBook look writes them after, and a restore rewrites them.
  await sql`
    create function lookbook_changes_pieces() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        ${notify};
      elsif tg_op = 'INSERT' then
        if exists (select 1 from new_rows p join generated_images gi on gi.id = p.image_id where gi.status = 'lookbook') then ${notify}; end if;
      elsif exists (select 1 from old_rows p join generated_images gi on gi.id = p.image_id where gi.status = 'lookbook') then
        ${notify};
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function lookbook_changes_saved() returns trigger language plpgsql as $$
    declare
      users uuid[];
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('${sql.raw(CHANNEL)}', 'saved');
        return null;
      elsif tg_op = 'INSERT' then
        select array(select distinct user_id from new_rows limit 101) into users;
      else
        select array(select distinct user_id from old_rows limit 101) into users;
      end if;
      if cardinality(users) > 100 then
        perform pg_notify('${sql.raw(CHANNEL)}', 'saved');
      else
        perform pg_notify('${sql.raw(CHANNEL)}', 'saved:' || u) from unnest(users) u;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger wardrobe_items_lookbook_changes_insert after insert on wardrobe_items referencing new table as new_rows for each statement execute function lookbook_changes_saved()`.execute(db);
  await sql`create trigger wardrobe_items_lookbook_changes_delete after delete on wardrobe_items referencing old table as old_rows for each statement execute function lookbook_changes_saved()`.execute(db);
  await sql`create trigger wardrobe_items_lookbook_changes_truncate after truncate on wardrobe_items for each statement execute function lookbook_changes_saved()`.execute(db);
  // Transition tables exist per event (and not with a column list): one trigger per event.
  await sql`create trigger generated_images_lookbook_changes_insert after insert on generated_images referencing new table as new_rows for each statement execute function lookbook_changes_images()`.execute(db);
  await sql`create trigger generated_images_lookbook_changes_update after update on generated_images referencing old table as old_rows new table as new_rows for each statement execute function lookbook_changes_images()`.execute(db);
  await sql`create trigger generated_images_lookbook_changes_delete after delete on generated_images referencing old table as old_rows for each statement execute function lookbook_changes_images()`.execute(db);
  await sql`create trigger generated_images_lookbook_changes_truncate after truncate on generated_images for each statement execute function lookbook_changes_images()`.execute(db);
  await sql`create trigger fashion_items_lookbook_changes_insert after insert on fashion_items referencing new table as new_rows for each statement execute function lookbook_changes_pieces()`.execute(db);
  await sql`create trigger fashion_items_lookbook_changes_update after update on fashion_items referencing old table as old_rows new table as new_rows for each statement execute function lookbook_changes_pieces()`.execute(db);
  await sql`create trigger fashion_items_lookbook_changes_delete after delete on fashion_items referencing old table as old_rows for each statement execute function lookbook_changes_pieces()`.execute(db);
  await sql`create trigger fashion_items_lookbook_changes_truncate after truncate on fashion_items for each statement execute function lookbook_changes_pieces()`.execute(db);
}
