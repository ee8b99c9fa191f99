import { sql, type Kysely } from 'kysely';

/**
 * The wardrobe and the LookBook at a million looks (docs/decisions/0011-lookbook-and-wardrobe-paging.md).
 *
 * - Wardrobe rows carry the look's gender, selection and style vibe (they never change on a look),
 *   so a 5,000-look wardrobe filters, pages and groups by its own indexes without visiting the
 *   looks.
 * - A look's `lookbook_at` is when it entered the LookBook (the LookBook's "newest" order), set and
 *   cleared by a trigger whoever changes the status: the pipeline's auto-curation, the admin area,
 *   a seeding script.
 * - `lookbook_colors` holds one row per color of each LookBook look, kept by the same trigger: a
 *   color filter is then an ordered index range, at the first page and 10,000 looks deep, for a
 *   rare color as for a common one.
 * - `curated_by` says who put a look in (or took it out of) the LookBook: an admin's decision is
 *   never undone by auto-curation.
 * - Partial indexes over LookBook looks only (a tenth of the table) serve each single filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table wardrobe_items
      add column gender text,
      add column selection_kind text,
      add column selection_id text,
      add column style_vibe text`.execute(db);
  await sql`
    update wardrobe_items w
       set gender = gi.gender, selection_kind = gi.selection_kind, selection_id = gi.selection_id, style_vibe = gi.style_vibe
      from generated_images gi where gi.id = w.image_id`.execute(db);
  await sql`
    alter table wardrobe_items
      alter column gender set not null,
      alter column selection_kind set not null,
      alter column selection_id set not null`.execute(db);
  await sql`create index wardrobe_items_user_saved on wardrobe_items (user_id, created_at desc, id desc) include (gender)`.execute(db);
  await sql`create index wardrobe_items_user_selection on wardrobe_items (user_id, selection_kind, selection_id, created_at desc, id desc) include (gender)`.execute(db);
  // The unique (user_id, image_id) answers "is it saved"; the cap is counted under the user's row lock.

  await sql`
    alter table generated_images
      add column lookbook_at timestamptz,
      add column curated_by text check (curated_by in ('auto', 'admin'))`.execute(db);
  await sql`update generated_images set lookbook_at = created_at where status = 'lookbook'`.execute(db);

  await sql`
    create table lookbook_colors (
      image_id uuid not null references generated_images(id) on delete cascade,
      color text not null,
      gender text not null,
      lookbook_at timestamptz not null,
      primary key (image_id, color)
    )`.execute(db);
  await sql`create index lookbook_colors_newest on lookbook_colors (color, lookbook_at desc, image_id desc) include (gender)`.execute(db);

  // Entering the LookBook stamps the time (kept if the writer gave one, as a seeding script does);
  // leaving it clears the stamp.
  await sql`
    create function lookbook_stamp() returns trigger language plpgsql as $$
    begin
      new.lookbook_at := case when new.status = 'lookbook' then coalesce(new.lookbook_at, now()) end;
      return new;
    end $$`.execute(db);
  await sql`
    create function lookbook_colors_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from lookbook_colors where image_id = old.id;
      end if;
      if new.status = 'lookbook' then
        insert into lookbook_colors (image_id, color, gender, lookbook_at)
        select new.id, c, new.gender, new.lookbook_at from unnest(new.color_families) as c
        on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger generated_images_lookbook_stamp before insert or update of status, lookbook_at on generated_images for each row execute function lookbook_stamp()`.execute(db);
  // A trigger's WHEN cannot name TG_OP, and an insert has no OLD: one trigger each.
  await sql`create trigger generated_images_lookbook_colors_insert after insert on generated_images for each row when (new.status = 'lookbook') execute function lookbook_colors_sync()`.execute(db);
  await sql`
    create trigger generated_images_lookbook_colors_update after update of status, lookbook_at, color_families, gender on generated_images
      for each row when (old.status = 'lookbook' or new.status = 'lookbook') execute function lookbook_colors_sync()`.execute(db);
  await sql`
    insert into lookbook_colors (image_id, color, gender, lookbook_at)
    select gi.id, c, gi.gender, gi.lookbook_at from generated_images gi, unnest(gi.color_families) c where gi.status = 'lookbook'
    on conflict do nothing`.execute(db);

  // LookBook pages: newest first, over LookBook looks only; one index per single filter.
  await sql`create index lookbook_newest on generated_images (lookbook_at desc, id desc) include (gender) where status = 'lookbook'`.execute(db);
  await sql`create index lookbook_gender on generated_images (gender, lookbook_at desc, id desc) where status = 'lookbook'`.execute(db);
  await sql`create index lookbook_selection on generated_images (selection_kind, selection_id, lookbook_at desc, id desc) include (gender) where status = 'lookbook'`.execute(db);
  await sql`create index lookbook_style_vibe on generated_images (style_vibe, lookbook_at desc, id desc) include (gender) where status = 'lookbook'`.execute(db);
  // Auto-curation: the best look of each combination.
  await sql`create index generated_images_combination_quality on generated_images (combination_code, quality_score desc) where status = 'viewable'`.execute(db);
}
