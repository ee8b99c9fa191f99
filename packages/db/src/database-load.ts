import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client';
import type { SequenceValue } from './database-snapshot';
import { readSchema } from './database-snapshot';
import { MIGRATION_NAMES, migrateTo } from './migrate';
import type { Database } from './schema';
import { lineCounter } from './line-counter';

const SCHEMA = 'public';
const ident = (name: string) => pg.escapeIdentifier(name);

/** A database that is not empty, or a backup this code cannot load: nothing was changed. */
export class DatabaseLoadRefused extends Error {}

export interface TableLoad {
  name: string;
  columns: string[];
  rows: number;
  /** The table's rows in COPY's text format. */
  open(): Readable;
}

export interface LoadOptions {
  /** The backup's applied migrations, in order. */
  migrations: readonly string[];
  /** In foreign-key dependency order. */
  tables: readonly TableLoad[];
  sequences: readonly SequenceValue[];
  /** Rows loaded so far, of all tables. */
  onRows?: (done: number, total: number) => void;
  /** Runs in the load's transaction after the rows are in, triggers on again. */
  afterLoad?: (db: Db) => Promise<void>;
}

/** The tables in any schema of the database (a fresh one has none). */
export async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1`);
  return rows.map((r) => r.name);
}

/** The tables of the database at `url`, as tablesOf names them. */
export async function tablesIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'drape-restore' });
  await client.connect();
  try {
    return await tablesOf(client);
  } finally {
    await client.end();
  }
}

/** The last migration of a level that is MIGRATION_NAMES' first N, or a refusal naming what is unknown here. */
export function checkMigrationLevel(migrations: readonly string[]): string {
  const unknown = migrations.find((m, i) => MIGRATION_NAMES[i] !== m);
  if (unknown !== undefined || migrations.length === 0) {
    throw new DatabaseLoadRefused(migrations.length === 0
      ? 'The backup names no migration level.'
      : `The backup's database is at a migration this version of Drape does not have (${unknown}): restore it with the version that made it (or a newer one).`);
  }
  return migrations[migrations.length - 1]!;
}

interface Deferred {
  /** CREATE INDEX statements, as pg_get_indexdef gives them. */
  indexes: { drop: string; create: string }[];
  /** The foreign keys: dropped for the load, added again (validated in one pass each) after it. */
  foreignKeys: { drop: string; add: string }[];
}

/**
 * What slows a bulk load row by row: each index updated per row, each foreign key checked per row
 * (a 100,000-look load took five times as long as into bare tables). As pg_restore does, they are
 * set aside for the load and made again after it, from their own definitions; indexes that back a
 * constraint (primary keys, unique constraints) stay.
 */
async function setAside(client: pg.ClientBase, tables: readonly string[]): Promise<Deferred> {
  const idx = await client.query<{ name: string; def: string }>(`
    select x.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
     where t.relnamespace = $1::regnamespace and t.relname = any($2)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by 1`, [SCHEMA, tables]);
  const fks = await client.query<{ table: string; name: string; def: string }>(`
    select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.contype = 'f' and t.relnamespace = $1::regnamespace and t.relname = any($2)
     order by 1, 2`, [SCHEMA, tables]);
  const table = (name: string) => `${ident(SCHEMA)}.${ident(name)}`;
  return {
    indexes: idx.rows.map((r) => ({ drop: `drop index ${table(r.name)}`, create: r.def })),
    foreignKeys: fks.rows.map((r) => ({
      drop: `alter table ${table(r.table)} drop constraint ${ident(r.name)}`,
      add: `alter table ${table(r.table)} add constraint ${ident(r.name)} ${r.def}`,
    })),
  };
}

/**
 * Loads a logical dump into an empty database, all or nothing: in one transaction on one
 * connection it migrates to the dump's level, takes out the rows migrations write on their own
 * (the counters' zero rows), sets the foreign keys and plain indexes aside, copies each table in
 * dependency order with its user triggers off (the counters, the LookBook stamps and colour rows
 * are in the dump as they were: the triggers would count and stamp them again), checks each
 * table's row count, makes the indexes and keys again (each key validated), and sets the
 * sequences. A failure anywhere rolls it all back and leaves the database empty.
 */
export async function loadIntoEmptyDatabase(url: string, options: LoadOptions): Promise<{ rows: number }> {
  const level = checkMigrationLevel(options.migrations);
  const client = new pg.Client({ connectionString: url, application_name: 'drape-restore' });
  await client.connect();
  // Kysely over this one connection, inside the transaction begun below (the migrations and afterLoad).
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => Object.assign(client, { release() {} }), end: async () => {}, options: {} } }),
  });
  try {
    await client.query('begin');
    const present = await tablesOf(client);
    if (present.length > 0) {
      throw new DatabaseLoadRefused(`The database is not empty (${present.length} tables, such as ${present.slice(0, 3).join(', ')}): restore into a new, empty database.`);
    }
    await migrateTo(db, level, { inTransaction: true });
    const { tables: here } = await readSchema(client);
    for (const t of options.tables) {
      const columns = here.get(t.name);
      if (!columns) throw new DatabaseLoadRefused(`The backup has a table ${t.name} that the database at migration ${level} does not have.`);
      const missing = t.columns.filter((c) => !columns.includes(c));
      if (missing.length) throw new DatabaseLoadRefused(`The backup's table ${t.name} has columns (${missing.join(', ')}) that the database at migration ${level} does not have.`);
    }
    const names = options.tables.map((t) => `${ident(SCHEMA)}.${ident(t.name)}`);
    const deferred = await setAside(client, options.tables.map((t) => t.name));
    if (names.length) {
      for (const name of names) await client.query(`alter table ${name} disable trigger user`);
      await client.query(`truncate table ${names.join(', ')}`);
    }
    for (const fk of deferred.foreignKeys) await client.query(fk.drop);
    for (const index of deferred.indexes) await client.query(index.drop);
    const total = options.tables.reduce((n, t) => n + t.rows, 0);
    let done = 0;
    for (const t of options.tables) {
      const sink = client.query(copyFrom(`copy ${ident(SCHEMA)}.${ident(t.name)} (${t.columns.map(ident).join(', ')}) from stdin`));
      await pipeline(t.open(), lineCounter((n) => {
        done += n;
        options.onRows?.(done, total);
      }), sink);
      if (sink.rowCount !== t.rows) throw new DatabaseLoadRefused(`The backup's ${t.name} table holds ${sink.rowCount} ${sink.rowCount === 1 ? 'row' : 'rows'} where its manifest says ${t.rows}: the backup is damaged.`);
    }
    for (const index of deferred.indexes) await client.query(index.create);
    // Each key checked over its whole table at once; a row without its parent fails the load here.
    for (const fk of deferred.foreignKeys) {
      try {
        await client.query(fk.add);
      } catch (err) {
        if ((err as { code?: string }).code !== '23503') throw err;
        throw new DatabaseLoadRefused(`The backup's rows do not hold together (${(err as Error).message}): the backup is damaged.`);
      }
    }
    for (const s of options.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [`${ident(SCHEMA)}.${ident(s.name)}`, s.value, s.isCalled]);
    }
    for (const name of names) await client.query(`alter table ${name} enable trigger user`);
    await options.afterLoad?.(db);
    await client.query('commit');
    return { rows: done };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}
