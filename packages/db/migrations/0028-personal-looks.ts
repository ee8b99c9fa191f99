import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, section 4: looks built around a user's own pieces (My Pieces).
 * - `generated_images.personal`: made live for one user around their pieces. The looks module keeps
 *   such a look out of the inventory, auto-curation, the LookBook and the showcase; the admin
 *   gallery marks it. It is not stock of its combination, so the severity count leaves it out.
 * - `fashion_items.owned`: the piece is the user's own (no shopping links; 'Yours' in the list).
 */

/** combinations.image_count's statement triggers (0011), counting the rows that `which` keeps. */
async function countTriggers(db: Kysely<unknown>, which: 'stock' | 'all'): Promise<void> {
  const kept = which === 'stock' ? sql` where not personal` : sql``;
  await sql`
    create or replace function combinations_count_insert() returns trigger language plpgsql as $$
    begin
      update combinations c set image_count = c.image_count + x.n
        from (select combination_code, count(*)::int as n from new_rows${kept} group by combination_code) x
       where c.code = x.combination_code;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function combinations_count_delete() returns trigger language plpgsql as $$
    begin
      update combinations c set image_count = greatest(c.image_count - x.n, 0)
        from (select combination_code, count(*)::int as n from old_rows${kept} group by combination_code) x
       where c.code = x.combination_code;
      return null;
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generated_images add column personal boolean not null default false`.execute(db);
  await sql`alter table fashion_items add column owned boolean not null default false`.execute(db);
  // combinations.image_count counts the combination's stock: personal looks are none of it.
  await countTriggers(db, 'stock');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await countTriggers(db, 'all');
  await sql`alter table fashion_items drop column if exists owned`.execute(db);
  await sql`alter table generated_images drop column if exists personal`.execute(db);
}
