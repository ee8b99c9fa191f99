import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { MIGRATION_TABLE } from './migrate';
import { dependencyOrder, type ForeignKey } from './table-order';

/** Kysely's own bookkeeping: a restore writes it by migrating, never by copying it. */
export const MIGRATION_TABLES: readonly string[] = [MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`];

/** The schema that holds Drape's tables. */
const SCHEMA = 'public';

export interface SnapshotTable {
  name: string;
  /** In the order COPY writes them (generated columns are left out: they are computed again). */
  columns: string[];
  rows: number;
}

export interface SequenceValue {
  name: string;
  /** As text: a bigint may pass 2^53. */
  value: string;
  isCalled: boolean;
}

/**
 * One consistent view of the database, for a logical dump written in Node (the embedded
 * PostgreSQL 18 ships no pg_dump, and an older pg_dump refuses a newer server): a REPEATABLE READ,
 * READ ONLY transaction on one connection, in which every table is read with COPY ... TO STDOUT.
 * Writers go on meanwhile; the copy is the database as it was when the snapshot was taken.
 */
export interface DatabaseSnapshot {
  /** The server's version (`server_version`). */
  serverVersion: string;
  /** Applied migrations, in order: the level the data belongs to. */
  migrations: string[];
  /** Drape's tables in foreign-key dependency order (read from pg_catalog), with their row counts. */
  tables: SnapshotTable[];
  sequences: SequenceValue[];
  /** Schemas with tables that are not in the copy (pg-boss's), by name. */
  otherSchemas: string[];
  /** The table's rows in COPY's text format: one line per row. */
  copyOut(table: SnapshotTable): Readable;
  /** Ends the transaction and the connection. */
  close(): Promise<void>;
}

const ident = (name: string) => pg.escapeIdentifier(name);

/** The tables of Drape's schema (without the migration bookkeeping) and their foreign keys, from pg_catalog. */
export async function readSchema(client: pg.ClientBase): Promise<{ tables: Map<string, string[]>; keys: ForeignKey[] }> {
  const cols = await client.query<{ table: string; column: string }>(`
    select c.relname as table, a.attname as column
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname, a.attnum`, [SCHEMA]);
  const tables = new Map<string, string[]>();
  for (const { table, column } of cols.rows) {
    if (MIGRATION_TABLES.includes(table)) continue;
    if (!tables.has(table)) tables.set(table, []);
    tables.get(table)!.push(column);
  }
  const fks = await client.query<ForeignKey>(`
    select t.relname as table, r.relname as references
      from pg_constraint k
      join pg_class t on t.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
     where k.contype = 'f' and t.relnamespace = $1::regnamespace`, [SCHEMA]);
  return { tables, keys: fks.rows };
}

export async function openSnapshot(url: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'drape-backup' });
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    // The snapshot is taken by the first statement; everything below reads the same moment.
    const { tables: columns, keys } = await readSchema(client);
    const order = dependencyOrder([...columns.keys()], keys);
    const tables: SnapshotTable[] = [];
    for (const name of order) {
      const { rows: [count] } = await client.query<{ n: string }>(`select count(*)::text as n from ${ident(SCHEMA)}.${ident(name)}`);
      tables.push({ name, columns: columns.get(name)!, rows: Number(count!.n) });
    }
    const seqs = await client.query<{ name: string }>(`select relname as name from pg_class where relnamespace = $1::regnamespace and relkind = 'S' order by relname`, [SCHEMA]);
    const sequences: SequenceValue[] = [];
    // A sequence is outside transactions: its value may be past the snapshot's rows, never behind them.
    for (const { name } of seqs.rows) {
      const { rows: [s] } = await client.query<{ value: string; is_called: boolean }>(`select last_value::text as value, is_called from ${ident(SCHEMA)}.${ident(name)}`);
      sequences.push({ name, value: s!.value, isCalled: s!.is_called });
    }
    const migrated = await client.query<{ name: string }>(`select name from ${ident(SCHEMA)}.${ident(MIGRATION_TABLE)} order by name`);
    const others = await client.query<{ name: string }>(`
      select distinct n.nspname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname <> $1 and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1`, [SCHEMA]);
    const { rows: [version] } = await client.query<{ server_version: string }>('show server_version');
    let busy = false;
    return {
      serverVersion: version!.server_version,
      migrations: migrated.rows.map((r) => r.name),
      tables,
      sequences,
      otherSchemas: others.rows.map((r) => r.name),
      copyOut(table) {
        // One connection, one COPY at a time: the caller reads each stream to its end before the next.
        if (busy) throw new Error('copyOut: the previous table is still being read');
        busy = true;
        const stream = client.query(copyTo(`copy ${ident(SCHEMA)}.${ident(table.name)} (${table.columns.map(ident).join(', ')}) to stdout`));
        const done = () => {
          busy = false;
        };
        stream.once('end', done).once('error', done).once('close', done);
        return stream;
      },
      async close() {
        await client.query('rollback').catch(() => {});
        await client.end();
      },
    };
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}
