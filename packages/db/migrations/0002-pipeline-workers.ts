import { sql, type Kysely } from 'kysely';

/** Pipeline worker registry: each daemon registers and heartbeats (the admin "pods" view). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pipeline_workers (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      hostname text not null,
      pid integer not null,
      status text not null default 'running' check (status in ('running', 'error', 'stopped')),
      started_at timestamptz not null default now(),
      last_heartbeat_at timestamptz not null default now(),
      stopped_at timestamptz,
      last_error text
    )`.execute(db);
  await sql`create index pipeline_workers_heartbeat on pipeline_workers (last_heartbeat_at desc)`.execute(db);
}
