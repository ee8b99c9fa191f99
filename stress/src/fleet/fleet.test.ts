import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_SERVER_CACHE_MS } from '@drape/contracts/landing';
import { PLATFORM_SETTINGS_CACHE_MS } from '@drape/db';
import { LISTENER_APPLICATION, OUTCOME_CHANNEL, QUEUES, parseOutcomeNotice, startBoss, stopBoss, type PgBoss } from '@drape/jobs';
import { checkStoreIntegrity, entryJobId, ORPHAN_GRACE_MS } from '@drape/operations';
import { createStorage, type Storage } from '@drape/storage';
import { docAddress, until } from '../fault-kit';
import { FULL, recordCase, type CaseResult } from '../report';
import { STACK_ADMIN } from '../stack';
import { adminSignIn, ask, hammer, signUp, signUpAgainWith, type Answer } from './client';
import { startFleet, type Fleet, type FleetServer, type FleetWorker } from './fleet';
import { countOn, describeStatuses, percentileOf, statusesByServer } from './tally';
import { testLogger } from '@drape/log/testing';

/**
 * Issue 16 §5, a tested fleet: two server processes and two pipeline workers, started together on
 * one empty PostgreSQL and one S3 bucket, behind one port that hands each request to the next
 * server in turn. What a user and an admin rely on holds across them: sessions, rate limits, daily
 * quotas, maintenance mode (within the 3 s each server trusts its copy), the showcase (within the
 * minute each server keeps the landing's answer), live Get My Look (the outcome's NOTIFY reaches
 * the server holding the request, whichever worker rendered it) and a batch (every entry once).
 * Inside `npm test` one check of each (the showcase's without its minute: see that test);
 * `npm run stress` (DRAPE_STRESS=full) runs more of each and records the figures in
 * docs/reliability.md.
 */
let fleet: Fleet;
let boss: PgBoss;
let listener: pg.Client;
let storage: Storage;
/** When this process heard each generate job's outcome notice (its own LISTEN, beside the servers'). */
const noticeHeardAt = new Map<string, number>();
let ip = 0;
const nextIp = () => docAddress(ip++);

const SECTION = 'fleet';
const record = (name: string, ok: boolean, figures: CaseResult['figures'], notes?: string) => recordCase({ section: SECTION, name, ok, figures, notes });

/** Runs the checks of a case, recording it as passed or as failed with the first broken check. */
async function recorded(name: string, figures: CaseResult['figures'], checks: () => void | Promise<void>, notes?: string): Promise<void> {
  try {
    await checks();
  } catch (err) {
    record(name, false, figures, `${notes ? `${notes}; ` : ''}${String(err).slice(0, 300)}`);
    throw err;
  }
  record(name, true, figures, notes);
}

const serverNames = () => fleet.servers.map((s) => s.name);
const serverNamed = (name: string | null) => fleet.servers.find((s) => s.name === name)!;
const otherServers = (name: string | null) => fleet.servers.filter((s) => s.name !== name);
const seconds = (ms: number) => Math.round(ms / 100) / 10;
/**
 * A generate job once pg-boss has recorded its end: a worker publishes the outcome with the job's
 * rows and tells pg-boss a moment later, so a request can be answered before the job reads as
 * completed (with the output that names its worker).
 */
async function endedJob(id: string) {
  let job = await boss.getJobById(QUEUES.generate, id);
  for (const deadline = Date.now() + 15_000; Date.now() < deadline && !['completed', 'failed', 'cancelled'].includes(job?.state ?? ''); ) {
    await new Promise((r) => setTimeout(r, 100));
    job = await boss.getJobById(QUEUES.generate, id);
  }
  return job;
}

/** The worker a generate job's output names (the pipeline records its registry id there). */
const workerOf = (output: unknown): FleetWorker | undefined => fleet.workers.find((w) => w.workerId === (output as { workerId?: string } | null)?.workerId);

/** Reads the landing's answer from each server at its own address: each then keeps it for a minute. */
async function readLandings(): Promise<Map<string, { at: number; head: string | null }>> {
  const read = new Map<string, { at: number; head: string | null }>();
  for (const s of fleet.servers) {
    const res = await ask(s.url, 'GET', '/api/landing/showcase', { ip: nextIp() });
    expect(res.status).toBe(200);
    read.set(s.name, { at: res.startedAt, head: res.json.carousel[0]?.id ?? null });
  }
  return read;
}

beforeAll(async () => {
  fleet = await startFleet({ servers: 2, workers: 2 });
  boss = await startBoss(fleet.pg.url, fleet.db.db, 'cli', { log: testLogger('cli') });
  listener = new pg.Client({ connectionString: fleet.pg.url });
  await listener.connect();
  listener.on('notification', (n) => {
    const notice = parseOutcomeNotice(n.payload);
    if (notice) noticeHeardAt.set(notice.jobId, Date.now());
  });
  await listener.query(`LISTEN ${OUTCOME_CHANNEL}`);
  storage = createStorage({ dataDir: fleet.pg.dataDir, s3: fleet.s3.options });
}, 300_000);

afterAll(async () => {
  await listener?.end().catch(() => {});
  await storage?.close();
  if (boss) await stopBoss(boss, 'cli');
  await fleet?.stop();
}, 90_000);

describe('a fleet: two servers and two pipeline workers behind one port, on one PostgreSQL and one S3 bucket', () => {
  it('boots together on an empty database, which is prepared once', async () => {
    const migrated = fleet.output.filter((l) => /migrated: /.test(l));
    const starterBatches = await fleet.db.db.selectFrom('batch_jobs').select('id').where(sql<string>`options->>'starter'`, '=', 'true').execute();
    const admins = await fleet.db.db.selectFrom('admins').select('id').execute();
    const listeners = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${LISTENER_APPLICATION}`.execute(fleet.db.db);
    const figures = {
      processes: fleet.servers.length + fleet.workers.length, 'boot s': seconds(fleet.bootSeconds * 1000), 'processes that migrated': migrated.length,
      'starter batches': starterBatches.length, admins: admins.length, 'LISTEN connections': listeners.rows[0]!.n,
    };
    await recorded('Two servers and two workers started at once on one empty database: migrations, seed and the starter set once', figures, () => {
      expect(migrated).toHaveLength(1);
      expect(starterBatches).toHaveLength(1);
      expect(admins).toHaveLength(1);
      // Each server listens for the outcomes of the jobs its requests wait for.
      expect(listeners.rows[0]!.n).toBe(fleet.servers.length);
    });
  });

  it('sessions: signed in through one server, recognised by the other; signed out through one, refused by both', async () => {
    const users = FULL ? 12 : 2;
    const before: Answer[] = [];
    const after: Answer[] = [];
    const signUps = [];
    for (let i = 0; i < users; i++) {
      const u = await signUp(fleet.url, 'fleet', nextIp());
      signUps.push(u);
      for (let k = 0; k < 4; k++) before.push(await ask(fleet.url, 'GET', '/api/user/profile', { token: u.token, ip: u.ip }));
      expect(before.slice(-4).every((a) => a.json?.id === u.userId)).toBe(true);
      const out = await ask(fleet.url, 'POST', '/api/auth/logout', { token: u.token, ip: u.ip });
      expect(out.status).toBe(200);
      for (let k = 0; k < 2; k++) after.push(await ask(fleet.url, 'GET', '/api/user/profile', { token: u.token, ip: u.ip }));
    }
    // The admin's token: signed by one server, taken by the other; its logout is heard by both.
    const admin = await adminSignIn(fleet.url, nextIp(), STACK_ADMIN);
    const adminBefore = [await ask(fleet.url, 'GET', '/api/admin/me', { token: admin.token, ip: nextIp() }), await ask(fleet.url, 'GET', '/api/admin/me', { token: admin.token, ip: nextIp() })];
    expect((await ask(fleet.url, 'POST', '/api/admin/logout', { token: admin.token, ip: nextIp() })).status).toBe(200);
    const adminAfter = [await ask(fleet.url, 'GET', '/api/admin/me', { token: admin.token, ip: nextIp() }), await ask(fleet.url, 'GET', '/api/admin/me', { token: admin.token, ip: nextIp() })];

    const crossBotChecks = signUps.filter((u) => u.challengedBy !== u.registeredBy).length;
    // Each spent bot check offered again, through the port: whichever server takes it refuses it.
    const replays = await Promise.all(signUps.map((u) => signUpAgainWith(fleet.url, u.botCheckToken, nextIp())));
    const servers = serverNames();
    const figures = {
      users, 'signed in': describeStatuses(statusesByServer(before)), 'signed out': describeStatuses(statusesByServer(after)),
      'bot checks answered on the other server': crossBotChecks, 'spent bot checks offered again': describeStatuses(statusesByServer(replays)), 'admin token': describeStatuses(statusesByServer(adminBefore)), 'admin token after logout': describeStatuses(statusesByServer(adminAfter)),
    };
    await recorded('Sessions and admin tokens across servers: each server knows the other\'s sign-ins and sign-outs; a bot check handed out by one is taken by the other, and by neither again', figures, () => {
      expect(countOn(statusesByServer(before), servers, 200)).toEqual(servers.map(() => before.length / servers.length));
      expect(countOn(statusesByServer(after), servers, 401)).toEqual(servers.map(() => after.length / servers.length));
      expect(crossBotChecks).toBeGreaterThan(0);
      expect(replays.every((r) => r.status === 400 && r.json?.error === 'bot_check_failed')).toBe(true);
      expect(new Set(replays.map((r) => r.upstream)).size).toBe(servers.length);
      expect(new Set(adminBefore.map((a) => a.upstream)).size).toBe(servers.length);
      expect(adminBefore.map((a) => a.status)).toEqual([200, 200]);
      expect(adminAfter.map((a) => a.status)).toEqual([401, 401]);
    });
  }, 300_000);

  it('rate limits: one limit shared by the servers, not one per server', async () => {
    // The live username check: 120 per address in 15 minutes (LIMITS.checkUsernameIp).
    const limit = 120;
    const calls = FULL ? 400 : 150;
    const from = nextIp();
    const answers = await hammer(calls, FULL ? 16 : 4, (i) => ask(fleet.url, 'GET', `/api/auth/check-username/fleetname${i}`, { ip: from }));
    const table = statusesByServer(answers);
    const servers = serverNames();
    const allowed = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429).length;
    const figures = { calls, limit, allowed, '429s': refused, 'by server': describeStatuses(table) };
    await recorded(`Rate limits: ${calls} username checks from one address through both servers, against a limit of ${limit}`, figures, () => {
      expect(allowed).toBe(limit);
      expect(refused).toBe(calls - limit);
      // Both servers allowed some and refused some: each counted the other's calls.
      for (const server of servers) {
        expect(table[server]?.[200] ?? 0).toBeGreaterThan(0);
        expect(table[server]?.[429] ?? 0).toBeGreaterThan(0);
      }
    });
  }, 120_000);

  it('maintenance mode: turned on through one server, the other answers 503 within its 3 s', async () => {
    const admin = await adminSignIn(fleet.url, nextIp(), STACK_ADMIN);
    const user = await signUp(fleet.url, 'maint', nextIp());
    const cycles = FULL ? 5 : 1;
    const lags: number[] = [];
    const firstLags: number[] = [];
    const details: string[] = [];
    /** Polls a server at its own address until `done`; answers the start of the first call that was, and of the last that was not. */
    const watch = async (s: FleetServer, done: (a: Answer) => boolean, since: number) => {
      let lastBefore = since;
      for (let deadline = Date.now() + PLATFORM_SETTINGS_CACHE_MS * 3; Date.now() < deadline;) {
        const a = await ask(s.url, 'GET', '/api/user/profile', { token: user.token, ip: user.ip });
        if (done(a)) return { first: a.startedAt - since, last: lastBefore - since };
        lastBefore = a.startedAt;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${s.name} did not follow within ${PLATFORM_SETTINGS_CACHE_MS * 3} ms`);
    };
    const toggle = async (on: boolean) => {
      // Every server has read the toggles just now, as a busy server always has.
      for (const s of fleet.servers) await ask(s.url, 'GET', '/api/user/profile', { token: user.token, ip: user.ip });
      const change = await ask(fleet.url, 'PATCH', '/api/admin/settings', { token: admin.token, ip: nextIp(), body: { maintenanceMode: on } });
      expect(change.status).toBe(200);
      const followed = (a: Answer) => (on ? a.status === 503 && a.json?.error === 'maintenance' : a.status === 200);
      // The server that made the change follows it at once.
      const own = await ask(serverNamed(change.upstream).url, 'GET', '/api/user/profile', { token: user.token, ip: user.ip });
      expect(followed(own)).toBe(true);
      for (const s of otherServers(change.upstream)) {
        const seen = await watch(s, followed, change.endedAt);
        // No call that started more than the cache's age after the change saw the old state.
        lags.push(seen.last);
        firstLags.push(seen.first);
        details.push(`${on ? 'on' : 'off'} via ${change.upstream}: ${s.name} after ${seen.first} ms`);
      }
    };
    for (let c = 0; c < cycles; c++) {
      await toggle(true);
      await toggle(false);
    }
    const figures = { cycles, 'bound ms': PLATFORM_SETTINGS_CACHE_MS, 'followed after, max ms': Math.max(...firstLags), 'followed after, median ms': percentileOf(firstLags, 50), 'last stale call after ms': Math.max(...lags) };
    await recorded('Maintenance Mode turned on and off through one server: the other server follows within the 3 s it trusts its copy', figures, () => {
      expect(Math.max(...lags)).toBeLessThanOrEqual(PLATFORM_SETTINGS_CACHE_MS);
    }, details.slice(0, 4).join('; '));
  }, 180_000);

  it('a batch: every entry rendered exactly once across the two workers, its files in the one bucket', async () => {
    /** Counts the rows each entry of a finished batch made, and which worker did it (before another batch resets the queue). */
    const check = async (name: string, batch: { id: string; status: string; total: number; succeeded: number; failed: number }) => {
      const queue = await fleet.db.db.selectFrom('sev_queue').select(['cycle', 'sequence']).where('batch_job_id', '=', batch.id).execute();
      const ids = queue.map((q) => entryJobId(batch.id, q.cycle, q.sequence));
      const rows = await sql<{ job_id: string; images: number; blocked: number; outcomes: number }>`
        select e.job_id,
          (select count(*)::int from generated_images gi where gi.job_id = e.job_id) as images,
          (select count(*)::int from blocked_images bi where bi.job_id = e.job_id) as blocked,
          (select count(*)::int from generation_outcomes o where o.job_id = e.job_id) as outcomes
        from unnest(${ids}::text[]) as e (job_id)`.execute(fleet.db.db);
      const byWorker = new Map<string, number>(fleet.workers.map((w) => [w.name, 0]));
      let retries = 0;
      let unattributed = 0;
      for (const id of ids) {
        const job = await endedJob(id);
        retries += job?.retryCount ?? 0;
        const worker = workerOf(job?.output);
        if (worker) byWorker.set(worker.name, byWorker.get(worker.name)! + 1);
        else unattributed++;
      }
      const twice = rows.rows.filter((r) => r.images + r.blocked > 1).length;
      const once = rows.rows.filter((r) => r.images + r.blocked === 1).length;
      const integrity = await checkStoreIntegrity(fleet.db.db, storage, { now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) });
      const figures = {
        entries: ids.length, images: batch.succeeded, 'blocked or failed': batch.failed, 'entries with two rows': twice, 'entries with none': ids.length - once - twice,
        ...Object.fromEntries([...byWorker].map(([w, n]) => [`by ${w}`, n])), 'not attributed': unattributed, retries,
        'store problems': Object.values(integrity.found).reduce((a, n) => a + n, 0),
      };
      await recorded(`A batch across two workers (${name}): each entry one image or one blocked row, and one outcome`, figures, () => {
        expect(batch.status).toBe('completed');
        expect(ids.length).toBe(batch.total);
        expect(twice).toBe(0);
        expect(rows.rows.every((r) => r.outcomes === 1)).toBe(true);
        // An entry with no row failed for good (its outcome says so), which the batch counts as failed.
        expect(ids.length - once).toBeLessThanOrEqual(batch.failed);
        expect(unattributed).toBe(0);
        for (const n of byWorker.values()) expect(n).toBeGreaterThan(0);
        expect(integrity.found).toEqual({ look_without_picture: 0, look_without_thumbnail: 0, blocked_without_file: 0, file_without_row: 0 });
      });
    };
    const starter = async () => (await fleet.db.db.selectFrom('batch_jobs').selectAll().where(sql<string>`options->>'starter'`, '=', 'true').executeTakeFirstOrThrow());
    await until(async () => (await starter()).status !== 'running', 240_000, 500);
    await check('the starter set, opened by one worker at its start', await starter());
    if (FULL) {
      // An admin's batch through the fleet's port, larger than the starter set.
      const admin = await adminSignIn(fleet.url, nextIp(), STACK_ADMIN);
      const started = await ask(fleet.url, 'POST', '/api/admin/batch-generate-sequential', { token: admin.token, ip: nextIp(), body: { limit: 200 } });
      expect(started.status).toBe(200);
      const id = started.json.jobId as string;
      const row = () => fleet.db.db.selectFrom('batch_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await until(async () => (await row()).status !== 'running', 600_000, 1000);
      await check(`an admin's batch of 200 entries, started through ${started.upstream}`, await row());
    }
  }, 900_000);

  it('daily quotas: Get My Look counts one quota across the servers', async () => {
    const pairs = (await sql<{ gender: string; kind: 'trend' | 'palette' | 'occasion'; id: string }>`
      select distinct gender, selection_kind as kind, selection_id as id from generated_images where status = 'viewable' order by 1, 2, 3`.execute(fleet.db.db)).rows;
    const field = { trend: 'trend', palette: 'colorPalette', occasion: 'occasion' } as const;
    const limit = 10; // an Enthusiast's day (tierPolicy('enthusiast').dailyImages)
    const users = FULL ? 4 : 1;
    const asks = limit + 2;
    const answers: Answer[] = [];
    await Promise.all(Array.from({ length: users }, async () => {
      const u = await signUp(fleet.url, 'quota', nextIp());
      const one = (i: number) => {
        const p = pairs[i % pairs.length]!;
        return ask(fleet.url, 'POST', '/api/generate-outfit', { token: u.token, ip: u.ip, body: { gender: p.gender, [field[p.kind]]: p.id } });
      };
      // The full run sends a user's calls all at once; the short one one after another.
      const mine = FULL ? await Promise.all(Array.from({ length: asks }, (_, i) => one(i))) : await hammer(asks, 1, one);
      answers.push(...mine);
      const usage = await fleet.db.db.selectFrom('daily_usage').select(['used', 'reserved']).where('user_id', '=', u.userId).executeTakeFirstOrThrow();
      expect(usage).toMatchObject({ used: limit, reserved: 0 });
      expect(mine.filter((a) => a.status === 200)).toHaveLength(limit);
    }));
    const table = statusesByServer(answers);
    const refused = answers.filter((a) => a.status === 429 && a.json?.error === 'daily_limit_exceeded').length;
    const served = answers.filter((a) => a.status === 200);
    const figures = {
      users, 'asks each': asks, limit, served: served.length, 'live renders': served.filter((a) => a.json?.source === 'live').length, '429 daily_limit_exceeded': refused, 'by server': describeStatuses(table),
    };
    await recorded(`Daily quota: ${users} Enthusiast(s) asking ${asks} looks each through both servers get ${limit} each`, figures, () => {
      expect(served).toHaveLength(users * limit);
      expect(refused).toBe(users * (asks - limit));
      for (const server of serverNames()) expect(table[server]?.[200] ?? 0).toBeGreaterThan(0);
    });
  }, 300_000);

  it('live Get My Look: the outcome reaches the server holding the request, whichever worker renders it', async () => {
    // One trend and gender per user, so that no user is served another's fresh look from the inventory.
    const pairs = (await sql<{ gender: string; trend: string }>`
      select distinct gender, selection_id as trend from generated_images where status = 'viewable' and selection_kind = 'trend' order by 1, 2`.execute(fleet.db.db)).rows;
    const rendered: { server: string; worker: string; expected: string | null; ms: number; noticeToAnswerMs: number; together: boolean }[] = [];
    /** Asks until a look comes live (the user has seen the inventory's), and finds who did what. */
    const liveLook = async (base: string, u: { token: string; ip: string }, body: { gender: string; trend: string }, serverName: string | null, expected: FleetWorker | null) => {
      for (let tries = 0; tries < 4; tries++) {
        const a = await ask(base, 'POST', '/api/generate-outfit', { token: u.token, ip: u.ip, body });
        expect(a.status).toBe(200);
        if (a.json.source !== 'live') continue;
        const look = await fleet.db.db.selectFrom('generated_images').select('job_id').where('id', '=', a.json.imageId).executeTakeFirstOrThrow();
        // A live job's later attempts (after a refused render) name their rows `<job id>-<n>`.
        const jobId = look.job_id.slice(0, 36);
        const job = await endedJob(jobId);
        const worker = workerOf(job?.output);
        const heard = noticeHeardAt.get(jobId);
        rendered.push({ server: serverName ?? a.upstream ?? '?', worker: worker?.name ?? '?', expected: expected?.name ?? null, ms: a.endedAt - a.startedAt, noticeToAnswerMs: heard ? a.endedAt - heard : -1, together: serverName === null });
        return;
      }
      throw new Error('no live look in 4 tries');
    };
    // Each worker in turn renders alone (the other frozen), for a request held by each server.
    const u = await signUp(fleet.url, 'live', nextIp());
    for (const alone of fleet.workers) {
      const frozen = fleet.workers.filter((w) => w !== alone);
      for (const w of frozen) fleet.pause(w);
      try {
        // Twice each (an Enthusiast's day holds the inventory's look and these eight).
        for (let k = 0; k < 2; k++) for (const s of fleet.servers) await liveLook(s.url, u, pairs[0]!, s.name, alone);
      } finally {
        for (const w of frozen) fleet.resume(w);
      }
    }
    if (FULL) {
      // Then many at once through the port, both workers free to take them.
      const users = await Promise.all(Array.from({ length: 6 }, () => signUp(fleet.url, 'live', nextIp())));
      await Promise.all(users.flatMap((lu, i) => Array.from({ length: 4 }, () => liveLook(fleet.url, lu, pairs[(i + 1) % pairs.length]!, null, null))));
    }
    const pairsSeen = new Set(rendered.map((r) => `${r.server}/${r.worker}`));
    const delays = rendered.map((r) => r.noticeToAnswerMs);
    // One at a time, the time from the notice to the answer is the server's own work after it wakes.
    const alone = rendered.filter((r) => !r.together);
    const together = rendered.filter((r) => r.together);
    const figures = {
      'live looks': rendered.length, 'server/worker pairs': [...pairsSeen].sort().join(' '),
      'one at a time: notice to answer, median ms': percentileOf(alone.map((r) => r.noticeToAnswerMs), 50), 'max ms': Math.max(...alone.map((r) => r.noticeToAnswerMs)),
      'one at a time: Get My Look, median ms': percentileOf(alone.map((r) => r.ms), 50),
      ...(together.length ? {
        [`${together.length} at once: notice to answer, median ms`]: percentileOf(together.map((r) => r.noticeToAnswerMs), 50),
        [`${together.length} at once: Get My Look, median ms`]: percentileOf(together.map((r) => r.ms), 50),
      } : {}),
    };
    await recorded('Live Get My Look held by either server and rendered by either worker: the NOTIFY wakes the server holding the request', figures, () => {
      expect(alone.every((r) => r.worker === r.expected)).toBe(true);
      expect(pairsSeen.size).toBe(fleet.servers.length * fleet.workers.length);
      // Every outcome was heard; the answer follows the notice, not the server's one-second poll of
      // the outcome row (which would answer half a second after it on average).
      expect(delays.every((d) => d >= 0)).toBe(true);
      expect(percentileOf(alone.map((r) => r.noticeToAnswerMs), 50)).toBeLessThan(300);
    }, 'notice to answer: from this process hearing the outcome NOTIFY (it LISTENs beside the servers) to the answer arriving');
  }, 300_000);

  it('the showcase: changed through one server, on the other server\'s landing within the minute it keeps its answer', async () => {
    const admin = await adminSignIn(fleet.url, nextIp(), STACK_ADMIN);
    // The full run has every server read the landing just before the change, so the other server
    // holds a fresh copy and shows the change only when it expires (the longest wait). The short
    // one (inside npm test) cannot spend that minute: there the other server holds no copy, and
    // the check is that it reads the change from the database rather than from anything of its own.
    const read = FULL ? await readLandings() : new Map<string, { at: number; head: string | null }>();
    const carouselHead = async (s: FleetServer) => (await ask(s.url, 'GET', '/api/landing/showcase', { ip: nextIp() })).json?.carousel?.[0]?.id as string | undefined;
    // A look at the head of no server's copy, so that only the change can put it there.
    const heads = [...read.values()].map((r) => r.head).filter((h): h is string => h !== null);
    let looks = fleet.db.db.selectFrom('generated_images').select(['id', 'combination_code']).where('status', '=', 'viewable');
    if (heads.length) looks = looks.where('id', 'not in', heads);
    const look = await looks.limit(1).executeTakeFirstOrThrow();
    // Into the LookBook, then into the showcase: at the head of the carousel (the newest addition first).
    expect((await ask(fleet.url, 'POST', `/api/admin/images/${look.id}/make-public`, { token: admin.token, ip: nextIp() })).status).toBe(200);
    const change = await ask(fleet.url, 'POST', '/api/admin/add-to-showcase', { token: admin.token, ip: nextIp(), body: { imageId: look.id, combinationCode: look.combination_code } });
    expect(change.status).toBe(200);
    const changer = serverNamed(change.upstream);
    const atOnce = (await carouselHead(changer)) === look.id;
    const seen: Record<string, { afterS: number; lastStaleMs: number; copyAgeS: number }> = {};
    for (const s of otherServers(change.upstream)) {
      // Polled at its own address: when the first call showing the change started, and the last that did not.
      let lastStale = change.endedAt;
      let seenAt = 0;
      for (const deadline = Date.now() + LANDING_SERVER_CACHE_MS + 15_000; !seenAt && Date.now() < deadline;) {
        const a = await ask(s.url, 'GET', '/api/landing/showcase', { ip: nextIp() });
        if (a.json?.carousel?.[0]?.id === look.id) seenAt = a.startedAt;
        else {
          lastStale = a.startedAt;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      expect(seenAt).toBeGreaterThan(0);
      const copy = read.get(s.name);
      seen[s.name] = { afterS: seconds(seenAt - change.endedAt), lastStaleMs: lastStale - change.endedAt, copyAgeS: copy ? seconds(change.endedAt - copy.at) : -1 };
    }
    const figures = {
      'bound s': LANDING_SERVER_CACHE_MS / 1000, 'changed through': changer.name, 'on its own landing at once': atOnce ? 'yes' : 'no',
      ...Object.fromEntries(Object.entries(seen).flatMap(([name, f]) => [
        [`${name}: seen after s`, f.afterS], [`${name}: last old answer after s`, seconds(f.lastStaleMs)], [`${name}: age of its copy at the change s`, f.copyAgeS < 0 ? 'no copy' : f.copyAgeS],
      ])),
    };
    await recorded('The landing showcase changed through one server: that server shows it at once, the other once its copy (at most a minute old) expires', figures, () => {
      expect(atOnce).toBe(true);
      // Any copy was made before the change, so no call that starts a minute after it gets the old answer.
      for (const f of Object.values(seen)) expect(f.lastStaleMs).toBeLessThanOrEqual(LANDING_SERVER_CACHE_MS);
    }, FULL ? 'each server read the landing just before the change (the longest wait)' : 'short version: the other server held no copy of the landing');
  }, 180_000);
});
