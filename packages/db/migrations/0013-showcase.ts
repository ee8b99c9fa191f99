import { sql, type Kysely } from 'kysely';

/**
 * The landing showcase, curated in the admin area (settings-and-admin §2.2 showcase lookbook
 * manager). One source of truth: `in_showcase` on the look (since 0003) says whether, and
 * `showcase_at` since when (the showcase's and the carousel's order, newest addition first),
 * kept together by a trigger as `lookbook_at` is by 0009's:
 *
 * - only a LookBook look is in the showcase: a look leaving the LookBook (an admin's removal, a
 *   make-private, any writer) leaves the showcase in the same statement; a deleted look leaves
 *   with its row;
 * - joining stamps the time (kept if the writer gave one), leaving clears it.
 *
 * A partial index over showcase looks only (at most a carousel's fifteen) serves the carousel, the
 * manager's list and the cap's count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generated_images add column showcase_at timestamptz`.execute(db);

  await sql`
    create function showcase_stamp() returns trigger language plpgsql as $$
    begin
      if new.status is distinct from 'lookbook' then
        new.in_showcase := false;
      end if;
      new.showcase_at := case when new.in_showcase then coalesce(new.showcase_at, now()) end;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger generated_images_showcase_stamp before insert or update of status, in_showcase, showcase_at on generated_images
      for each row execute function showcase_stamp()`.execute(db);

  // Looks curated before this migration: outside the LookBook they leave, inside they keep their
  // place in the order they entered it.
  await sql`update generated_images set in_showcase = false where in_showcase and status <> 'lookbook'`.execute(db);
  await sql`update generated_images set showcase_at = coalesce(lookbook_at, created_at) where in_showcase`.execute(db);

  await sql`create index showcase_newest on generated_images (showcase_at desc, id desc) where in_showcase`.execute(db);
}
