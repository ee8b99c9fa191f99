import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '@drape/log/testing';
import { pgCtl, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

/** A cluster of this file's own (not the shared test cluster): it is restarted and stopped here. */
let tmp: string;
let embedded: EmbeddedPostgres;
const logged = captureLog({ role: 'start' });

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-embedded-'));
  fs.chmodSync(tmp, 0o755);
  embedded = await startEmbeddedPostgres({ dataDir: tmp, port: 0, log: logged.log });
}, 60_000);
afterAll(async () => {
  await embedded.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const postmaster = () => {
  try {
    return Number(fs.readFileSync(path.join(embedded.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
};

/** A process that has not exited (a zombie has: the postmaster pg_ctl started is reaped by init, later). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL under an operator', () => {
  it('comes back on the same address after pg_ctl restart, and after pg_ctl stop then start', async () => {
    const first = postmaster();
    const restart = pgCtl(embedded.dataDir, ['restart', '-m', 'fast', '-w']);
    expect(restart.status, restart.output).toBe(0);
    expect(postmaster()).not.toBe(first);
    expect(await answers(embedded.url)).toBe(true);

    expect(pgCtl(embedded.dataDir, ['stop', '-m', 'fast', '-w']).status).toBe(0);
    expect(await answers(embedded.url)).toBe(false);
    // A plain start, as an operator types it: the port and socket folder come from the cluster's settings.
    const start = pgCtl(embedded.dataDir, ['start', '-w']);
    expect(start.status, start.output).toBe(0);
    expect(await answers(embedded.url)).toBe(true);
    expect(logged.lines.filter((l) => /postmaster \d+ exited/.test(l.msg ?? '')).map((l) => l.level)).toEqual(['warn']);
  }, 60_000);

  it('stop() stops the cluster even when another postmaster than its own runs it', async () => {
    const pid = postmaster();
    expect(pid).not.toBeNull();
    await embedded.stop();
    expect(postmaster()).toBeNull();
    expect(running(pid!)).toBe(false);
    expect(await answers(embedded.url)).toBe(false);
  }, 60_000);
});
