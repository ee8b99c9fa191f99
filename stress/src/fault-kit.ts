import { solveChallenge } from 'altcha-lib/v1';
import { sql } from 'kysely';
import { countAdminFigures, readAdminCounts, type Db } from '@drape/db';
import { QUEUES, SEND, generateJobData, startBoss, stopBoss } from '@drape/jobs';
import { testLogger } from '@drape/log/testing';

/**
 * The pieces the fault runs share (stress/src/faults.ts, and the fault case of `npm test`): accounts
 * made through the real API, a load of reads and writes from virtual users that remembers every
 * write the product acknowledged, and the checks that nothing acknowledged was lost and nothing
 * half-written was left.
 */

/** An answer: its HTTP status, or 0 when no answer came (refused, reset), -1 when it timed out. */
export interface Call {
  op: string;
  at: number;
  ms: number;
  status: number;
  /** Set for an answer of 500 or more: its body, to tell `{ error, message }` from a stack. */
  body?: string;
}

/** A call gives up after this long: a hang is counted, never waited out. */
export const CALL_TIMEOUT_MS = 15_000;

/** Each virtual user speaks from its own documentation address (RFC 5737), as behind a proxy. */
export const docAddress = (i: number) => `${[192, 198, 203][i % 3]}.${[0, 51, 0][i % 3]}.${[2, 100, 113][i % 3]}.${(i % 250) + 1}`;

export async function call(base: string, op: string, method: string, path: string, opts: { token?: string; ip: string; body?: unknown }, log?: Call[]): Promise<{ status: number; json: any }> {
  const at = Date.now();
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let status: number;
  let text = '';
  try {
    const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    status = res.status;
    text = await res.text();
  } catch (err) {
    status = (err as Error).name === 'TimeoutError' ? -1 : 0;
  }
  log?.push({ op, at, ms: Date.now() - at, status, ...(status >= 500 ? { body: text.slice(0, 300) } : {}) });
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status, json };
}

export interface Account {
  userId: string;
  token: string;
  email: string;
  ip: string;
}

/** Signs up through the API, solving the bot check as the widget does. */
export async function registerAccount(base: string, tag: string, ip: string, promoCode?: string): Promise<Account> {
  const challenge = (await call(base, 'bot-check', 'GET', '/api/auth/bot-check', { ip })).json as { challenge: string; salt: string; algorithm: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const turnstileToken = Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString('base64');
  const username = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
  const body = { email: `${username}@example.com`, password: 'fault run password 1', username, firstName: 'Fault', lastName: 'Run', turnstileToken, ...(promoCode ? { promoCode } : {}) };
  const res = await call(base, 'register', 'POST', '/api/auth/register', { ip, body });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { userId: res.json.user.id, token: res.json.token, email: body.email, ip };
}

/** Looks for a user through Get My Look (inventory first), as the dashboard asks for them. */
export async function getLooks(base: string, a: Account, count: number): Promise<string[]> {
  const selections = [{ trend: 'Denim' }, { trend: 'Boho Chic' }, { trend: 'Polka' }, { trend: 'Animal Print Explosion' }];
  const looks: string[] = [];
  for (let i = 0; looks.length < count && i < count * 3; i++) {
    const res = await call(base, 'generate', 'POST', '/api/generate-outfit', { token: a.token, ip: a.ip, body: { gender: i % 2 ? 'male' : 'female', ...selections[i % selections.length] } });
    if (res.status === 200 && !looks.includes(res.json.imageId)) looks.push(res.json.imageId);
  }
  return looks;
}

/** What the product acknowledged (2xx) to each user, to look for afterwards. */
export interface Acknowledged {
  /** The highest bio number answered 2xx (bios are `fault bio <n>`, n rising). */
  bio: Map<string, number>;
  /** The highest note number answered 2xx per wardrobe item. */
  notes: Map<string, { userId: string; n: number }>;
  saves: { userId: string; imageId: string }[];
  shares: { userId: string; imageId: string }[];
}

export interface WriteLoad {
  calls: Call[];
  acknowledged: Acknowledged;
  stop(): Promise<void>;
}

/**
 * Virtual users, one loop each, until stopped: profile changes and reads, saves of their looks,
 * notes on what they saved, shares. Writes within the product's per-user limits (3 saves and 3
 * shares each; notes far below the wardrobe limit). A call without an answer (the server down)
 * waits a moment before the next, as a browser's retry would.
 */
export function startWriteLoad(base: string, users: { account: Account; looks: string[] }[], opts: { pauseMs?: number; readers?: number } = {}): WriteLoad {
  const calls: Call[] = [];
  const acknowledged: Acknowledged = { bio: new Map(), notes: new Map(), saves: [], shares: [] };
  let running = true;
  const loop = async ({ account: a, looks }: { account: Account; looks: string[] }) => {
    const saved = new Map<string, string>(); // imageId -> wardrobe item id
    const shared = new Set<string>();
    let n = 0;
    while (running) {
      n++;
      const ask = { token: a.token, ip: a.ip };
      let status = 200;
      const unsaved = looks.find((l) => !saved.has(l));
      const unshared = looks.find((l) => !shared.has(l));
      const step = n % 6;
      if (step === 0 && unsaved) {
        const res = await call(base, 'save', 'POST', '/api/siims/wardrobe', { ...ask, body: { imageId: unsaved } }, calls);
        status = res.status;
        if (res.status === 201) {
          saved.set(unsaved, res.json.item.id);
          acknowledged.saves.push({ userId: a.userId, imageId: unsaved });
        } else if (res.status === 409) {
          // Saved by an attempt whose answer was lost: it is there; note on it from now on.
          const list = await call(base, 'wardrobe', 'GET', '/api/siims/wardrobe', ask, calls);
          for (const e of list.json?.items ?? []) saved.set(e.imageId, e.id);
        }
      } else if (step === 3 && unshared) {
        const res = await call(base, 'share', 'POST', '/api/share/outfit', { ...ask, body: { imageId: unshared } }, calls);
        status = res.status;
        if (res.status >= 200 && res.status < 300) {
          shared.add(unshared);
          acknowledged.shares.push({ userId: a.userId, imageId: unshared });
        }
      } else if (step % 2 === 1 && saved.size) {
        const items = [...saved.values()];
        const item = items[n % items.length]!;
        const res = await call(base, 'notes', 'PATCH', `/api/siims/wardrobe/${item}/notes`, { ...ask, body: { notes: `fault note ${n}` } }, calls);
        status = res.status;
        if (res.status >= 200 && res.status < 300) {
          const had = acknowledged.notes.get(item);
          if (!had || had.n < n) acknowledged.notes.set(item, { userId: a.userId, n });
        }
      } else if (step === 2) {
        status = (await call(base, 'profile', 'GET', '/api/user/profile', ask, calls)).status;
      } else {
        const res = await call(base, 'bio', 'PATCH', '/api/user/profile', { ...ask, body: { bio: `fault bio ${n}` } }, calls);
        status = res.status;
        if (res.status >= 200 && res.status < 300) acknowledged.bio.set(a.userId, Math.max(acknowledged.bio.get(a.userId) ?? 0, n));
      }
      if (status <= 0 || status >= 500) await new Promise((r) => setTimeout(r, 100));
      else if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
  };
  // Readers beside the writers: many connections at once, as a busy hour has (a restart meets
  // clients lent out of the pool between the steps of a request, which is where it used to kill).
  const read = async (i: number) => {
    const a = users[i % users.length]!.account;
    while (running) {
      const res = await call(base, 'read', 'GET', '/api/user/profile', { token: a.token, ip: a.ip }, calls);
      if (res.status <= 0 || res.status >= 500) await new Promise((r) => setTimeout(r, 100));
    }
  };
  const loops = [...users.map(loop), ...Array.from({ length: opts.readers ?? 0 }, (_, i) => read(i))];
  return {
    calls,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** How many acknowledged writes the database does not hold (must be 0), and how many were checked. */
export async function lostWrites(db: Db, ack: Acknowledged): Promise<{ checked: number; lost: number; details: string[] }> {
  const details: string[] = [];
  const number = (text: string | null | undefined, prefix: string) => (text?.startsWith(prefix) ? Number(text.slice(prefix.length)) : -1);
  for (const [userId, n] of ack.bio) {
    const row = await db.selectFrom('users').select('bio').where('id', '=', userId).executeTakeFirst();
    // A later write may have landed without its answer: at least the acknowledged one.
    if (number(row?.bio, 'fault bio ') < n) details.push(`bio of ${userId}: ${row?.bio ?? 'none'} < ${n}`);
  }
  for (const [item, { n }] of ack.notes) {
    const row = await db.selectFrom('wardrobe_items').select('notes').where('id', '=', item).executeTakeFirst();
    if (number(row?.notes, 'fault note ') < n) details.push(`notes of ${item}: ${row?.notes ?? 'none'} < ${n}`);
  }
  for (const s of ack.saves) {
    const row = await db.selectFrom('wardrobe_items').select('id').where('user_id', '=', s.userId).where('image_id', '=', s.imageId).executeTakeFirst();
    if (!row) details.push(`save of ${s.imageId} by ${s.userId}`);
  }
  for (const s of ack.shares) {
    const row = await db.selectFrom('outfit_shares').select('image_id').where('user_id', '=', s.userId).where('image_id', '=', s.imageId).executeTakeFirst();
    if (!row) details.push(`share of ${s.imageId} by ${s.userId}`);
  }
  return { checked: ack.bio.size + ack.notes.size + ack.saves.length + ack.shares.length, lost: details.length, details };
}

/**
 * Rows that only make sense together, checked together (must be 0): a wardrobe entry's copied
 * columns match its look; the admin counters and each combination's image_count match a count.
 */
export async function halfWritten(db: Db): Promise<{ violations: number; details: string[] }> {
  const details: string[] = [];
  const wardrobe = await db
    .selectFrom('wardrobe_items as w')
    .innerJoin('generated_images as gi', 'gi.id', 'w.image_id')
    .select('w.id')
    .where((eb) => eb.or([
      eb('w.gender', '<>', eb.ref('gi.gender')),
      eb('w.selection_kind', '<>', eb.ref('gi.selection_kind')),
      eb('w.selection_id', '<>', eb.ref('gi.selection_id')),
      sql<boolean>`w.style_vibe is distinct from gi.style_vibe`,
    ]))
    .execute();
  for (const w of wardrobe) details.push(`wardrobe item ${w.id} disagrees with its look`);
  // One snapshot for both: the pipeline may still be finishing a look (a row made, then marked
  // viewable), and two separate reads can see it on either side of that commit.
  const [counters, counted] = await db.transaction().setIsolationLevel('repeatable read')
    .execute(async (trx) => [await readAdminCounts(trx), await countAdminFigures(trx)] as const);
  if (JSON.stringify(counters) !== JSON.stringify(counted)) details.push(`admin counters ${JSON.stringify(counters)} != ${JSON.stringify(counted)}`);
  const drifted = await db.selectFrom('combinations as c').select('c.code')
    .where((eb) => eb('c.image_count', '<>', eb.selectFrom('generated_images as gi').select((e) => e.fn.countAll<number>().as('n')).whereRef('gi.combination_code', '=', 'c.code')))
    .execute();
  for (const d of drifted) details.push(`combination ${d.code}: image_count drifted`);
  return { violations: details.length, details };
}

/** Answers per status among the calls made in [from, to), and the longest of them (ms). */
export function answered(calls: Call[], from: number, to: number): { statuses: Record<string, number>; longestMs: number; stacks: number; total: number } {
  const statuses: Record<string, number> = {};
  let longestMs = 0;
  let stacks = 0;
  let total = 0;
  for (const c of calls) {
    if (c.at < from || c.at >= to) continue;
    total++;
    const key = c.status === 0 ? 'no answer' : c.status === -1 ? 'timeout' : String(c.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    longestMs = Math.max(longestMs, c.ms);
    // A 5xx must be `{ error, message }`, never a stack or an HTML page.
    if (c.body !== undefined && (/\bat .+:\d+:\d+/.test(c.body) || !/^\{"error":"[a-z_]+","message":/.test(c.body))) stacks++;
  }
  return { statuses, longestMs, stacks, total };
}

/** Polls until `check` holds; resolves with the time it took (ms), or rejects after the timeout. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  const holds = async () => {
    try {
      return await check();
    } catch {
      return false;
    }
  };
  while (!(await holds())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return Date.now() - started;
}

/** The server answers a signed-in call again (200), from now; ms. */
export async function serverBack(base: string, a: Account, timeoutMs: number): Promise<number> {
  return until(async () => (await call(base, 'probe', 'GET', '/api/user/profile', { token: a.token, ip: a.ip })).status === 200, timeoutMs, 50);
}

/** The server's LISTEN connection for live generation is in place (pg_stat_activity). */
export async function listening(db: Db): Promise<boolean> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = 'drape-listen' and datname = current_database()`.execute(db);
  return (rows.rows[0]?.n ?? 0) > 0;
}

/** Jobs sent straight to the queue (as a batch entry is), to see each end exactly once. */
export async function sendJobs(db: Db, url: string, count: number): Promise<string[]> {
  const boss = await startBoss(url, db, 'cli', { log: testLogger('cli') });
  try {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      await boss.send(QUEUES.generate, generateJobData({ gender: i % 2 ? 'male' : 'female', palette: 'minimal_heat' }, { seed: 1000 + i, source: 'batch' }), SEND.batchEntry(id, 120));
      ids.push(id);
    }
    return ids;
  } finally {
    await stopBoss(boss, 'cli');
  }
}

/** How many of the jobs were tried more than once (an attempt failed and pg-boss retried it). */
export async function retried(db: Db, url: string, ids: string[]): Promise<number> {
  const boss = await startBoss(url, db, 'cli', { log: testLogger('cli') });
  try {
    let n = 0;
    for (const id of ids) {
      const job = await boss.getJobById(QUEUES.generate, id);
      if (job && (job.retryCount > 0 || job.state === 'retry')) n++;
    }
    return n;
  } finally {
    await stopBoss(boss, 'cli');
  }
}

/** Jobs without an outcome (lost) and with more than one image or refusal (applied twice). */
export async function jobEnds(db: Db, ids: string[]): Promise<{ lost: number; twice: number }> {
  const outcomes = await db.selectFrom('generation_outcomes').select('job_id').where('job_id', 'in', ids).execute();
  const images = await db.selectFrom('generated_images').select('job_id').where('job_id', 'in', ids).execute();
  const blocked = await db.selectFrom('blocked_images').select('job_id').where('job_id', 'in', ids).execute();
  const rows = new Map<string, number>();
  for (const r of [...images, ...blocked]) rows.set(r.job_id, (rows.get(r.job_id) ?? 0) + 1);
  return { lost: ids.length - new Set(outcomes.map((o) => o.job_id)).size, twice: [...rows.values()].filter((n) => n > 1).length };
}


/** Resolves when a line from index `from` on matches (lines still being appended), or rejects after the timeout. */
export function lineAfter(lines: string[], from: number, pattern: RegExp, timeoutMs: number): Promise<number> {
  return until(() => lines.slice(from).some((l) => pattern.test(l)), timeoutMs, 50);
}
