import { sql, type Kysely } from 'kysely';

/**
 * Counters for the admin's Analytics (docs/decisions/0012-admin-counters.md): the dashboard asks
 * every 30 s per open tab how many looks there are per status, how many were made today, how many
 * views and accounts exist. Counting a million rows for that would be a sequential or index scan
 * each time; these counters are kept by triggers instead, so every writer (the generate job, the
 * seeding script's INSERT ... SELECT of 50,000 rows, retention, the admin area, a hand-made
 * update) keeps them exact without knowing they exist.
 *
 * - Statement-level triggers with transition tables: one upsert per statement, whatever the number
 *   of rows it touched (a row-level trigger would do 50,000 upserts for one seeding chunk).
 * - Each counter is spread over a few slots (`pg_backend_pid() % 8`): writers on different
 *   connections (Get My Look recording views for many users at once) rarely update the same row,
 *   so no global row lock serialises them; a read sums at most 8 rows per counter.
 * - A TRUNCATE clears the table's counters.
 * - combinations.image_count is kept by the same kind of trigger (below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_counters (
      name text not null,
      slot smallint not null,
      value bigint not null default 0,
      primary key (name, slot)
    )`.execute(db);
  // Looks by the UTC day of their created_at (the Analytics' "created today").
  await sql`
    create table images_created_daily (
      day date not null,
      slot smallint not null,
      images bigint not null default 0,
      primary key (day, slot)
    )`.execute(db);

  // Adds the given deltas (name, delta) to this connection's slot, in name order (two statements
  // of one transaction never lock slots in opposite orders).
  await sql`
    create function admin_counters_add(names text[], deltas bigint[]) returns void language sql as $$
      insert into admin_counters (name, slot, value)
      select n, pg_backend_pid() % 8, d from unnest(names, deltas) as x(n, d) where d <> 0 order by n
      on conflict (name, slot) do update set value = admin_counters.value + excluded.value
    $$`.execute(db);
  await sql`
    create function images_created_daily_add(days date[], deltas bigint[]) returns void language sql as $$
      insert into images_created_daily (day, slot, images)
      select dd, pg_backend_pid() % 8, d from unnest(days, deltas) as x(dd, d) where d <> 0 order by dd
      on conflict (day, slot) do update set images = images_created_daily.images + excluded.images
    $$`.execute(db);

  // generated_images: looks per status ('images:<status>') and per UTC day of creation.
  await sql`
    create function generated_images_count_insert() returns trigger language plpgsql as $$
    begin
      perform admin_counters_add(array_agg('images:' || status), array_agg(n)) from (select status, count(*) as n from new_rows group by status) x having count(*) > 0;
      perform images_created_daily_add(array_agg(day), array_agg(n))
        from (select (created_at at time zone 'UTC')::date as day, count(*) as n from new_rows group by 1) x having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function generated_images_count_delete() returns trigger language plpgsql as $$
    begin
      perform admin_counters_add(array_agg('images:' || status), array_agg(-n)) from (select status, count(*) as n from old_rows group by status) x having count(*) > 0;
      perform images_created_daily_add(array_agg(day), array_agg(-n))
        from (select (created_at at time zone 'UTC')::date as day, count(*) as n from old_rows group by 1) x having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function generated_images_count_update() returns trigger language plpgsql as $$
    begin
      -- Only a change of status (or of the creation time) moves a counter; most updates move none.
      perform admin_counters_add(array_agg('images:' || status), array_agg(n))
        from (
          select status, sum(d)::bigint as n from (
            select status, 1 as d from new_rows union all select status, -1 from old_rows
          ) c group by status having sum(d) <> 0
        ) x having count(*) > 0;
      perform images_created_daily_add(array_agg(day), array_agg(n))
        from (
          select day, sum(d)::bigint as n from (
            select (created_at at time zone 'UTC')::date as day, 1 as d from new_rows
            union all select (created_at at time zone 'UTC')::date, -1 from old_rows
          ) c group by day having sum(d) <> 0
        ) x having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger generated_images_count_insert after insert on generated_images referencing new table as new_rows for each statement execute function generated_images_count_insert()`.execute(db);
  await sql`create trigger generated_images_count_delete after delete on generated_images referencing old table as old_rows for each statement execute function generated_images_count_delete()`.execute(db);
  await sql`create trigger generated_images_count_update after update on generated_images referencing old table as old_rows new table as new_rows for each statement execute function generated_images_count_update()`.execute(db);

  // Rows of a table as one counter ('users', 'image_views').
  await sql`
    create function rows_count_insert() returns trigger language plpgsql as $$
    begin
      perform admin_counters_add(array[tg_argv[0]], array[(select count(*) from new_rows)]);
      return null;
    end $$`.execute(db);
  await sql`
    create function rows_count_delete() returns trigger language plpgsql as $$
    begin
      perform admin_counters_add(array[tg_argv[0]], array[-(select count(*) from old_rows)]);
      return null;
    end $$`.execute(db);
  await sql`
    create function counters_truncate() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'generated_images' then
        delete from admin_counters where name like 'images:%';
        delete from images_created_daily;
        update combinations set image_count = 0 where image_count <> 0;
      else
        delete from admin_counters where name = tg_argv[0];
      end if;
      return null;
    end $$`.execute(db);
  for (const [table, name] of [['users', 'users'], ['image_views', 'image_views']] as const) {
    await sql`create trigger ${sql.raw(`${table}_count_insert`)} after insert on ${sql.table(table)} referencing new table as new_rows for each statement execute function rows_count_insert(${sql.lit(name)})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count_delete`)} after delete on ${sql.table(table)} referencing old table as old_rows for each statement execute function rows_count_delete(${sql.lit(name)})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count_truncate`)} after truncate on ${sql.table(table)} for each statement execute function counters_truncate(${sql.lit(name)})`.execute(db);
  }
  await sql`create trigger generated_images_count_truncate after truncate on generated_images for each statement execute function counters_truncate('images')`.execute(db);

  // Backfill from the rows already there (slot 0).
  await sql`
    insert into admin_counters (name, slot, value)
    select 'images:' || status, 0, count(*) from generated_images group by status
    union all select 'users', 0, (select count(*) from users)
    union all select 'image_views', 0, (select count(*) from image_views)`.execute(db);
  await sql`
    insert into images_created_daily (day, slot, images)
    select (created_at at time zone 'UTC')::date, 0, count(*) from generated_images group by 1`.execute(db);

  // combinations.image_count (severity, the SEV queue, the matrix) was kept by each writer (the
  // generate job, retention); a writer that forgot (a seeding script, a test, an admin delete) left
  // it wrong. The same statement triggers keep it now, and it is recounted once here.
  await sql`
    create function combinations_count_insert() returns trigger language plpgsql as $$
    begin
      update combinations c set image_count = c.image_count + x.n
        from (select combination_code, count(*)::int as n from new_rows group by combination_code) x
       where c.code = x.combination_code;
      return null;
    end $$`.execute(db);
  await sql`
    create function combinations_count_delete() returns trigger language plpgsql as $$
    begin
      update combinations c set image_count = greatest(c.image_count - x.n, 0)
        from (select combination_code, count(*)::int as n from old_rows group by combination_code) x
       where c.code = x.combination_code;
      return null;
    end $$`.execute(db);
  await sql`create trigger generated_images_combination_count_insert after insert on generated_images referencing new table as new_rows for each statement execute function combinations_count_insert()`.execute(db);
  await sql`create trigger generated_images_combination_count_delete after delete on generated_images referencing old table as old_rows for each statement execute function combinations_count_delete()`.execute(db);
  await sql`
    update combinations c set image_count = coalesce(x.n, 0)
      from combinations c2 left join (select combination_code, count(*)::int as n from generated_images group by combination_code) x on x.combination_code = c2.code
     where c.code = c2.code and c.image_count <> coalesce(x.n, 0)`.execute(db);

  // Sign-ups of the last 30 days (Analytics), without reading every account.
  await sql`create index users_created on users (created_at)`.execute(db);
}
