import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@drape/db';
import { machine, type CaseResult } from './report';
import { STACK_ADMIN, startStack } from './stack';
import { adminToken, LOAD_PROMO_CODES, registerLoadAccounts, registerProbeAccount } from './load/accounts';
import { ADMIN_ADDRESS } from './load/addresses';
import { drive, type Actor } from './load/cannon';
import { cpuBetween, sampleCpu } from './load/cpu';
import { Recorder, percentile, round1 } from './load/figures';
import { measureFloor, measureSignIn } from './load/floor';
import { adminJourney, CALL_KINDS, userJourney, type SourceCounts } from './load/journey';
import { dashboardSelections, inventory, starterSetMade } from './load/setup';
import { VirtualUser } from './load/virtual-user';
import { sampleWaits } from './load/waits';
import { signInEveryone } from './load/warm-up';

/**
 * The load case of `npm run stress` (issue 15 §3): virtual users on the mixed journey, each
 * from its own documentation address and within its quotas, and an admin polling the dashboard
 * and the gallery, against the product as `npm start` runs it in a fresh DATA_DIR. Zero non-2xx
 * answers and zero timeouts are the pass; p50/p99 per kind of call and requests/s are reported
 * beside the bare Fastify route measured in the same sitting. Run alone, it prints the table:
 *   node_modules/.bin/tsx stress/src/load.ts [--users 200] [--seconds 60]
 */
export interface LoadOptions {
  seconds?: number;
  users?: number;
  /** Echo the stack's own output. */
  echo?: boolean;
  log?: (line: string) => void;
}

/** autocannon's own default: a call a person would give up on. */
const TIMEOUT_SECONDS = 10;
const FLOOR_SECONDS = 10;
const WARM_UP_PARALLEL = 4;
const SIGN_IN_SECONDS = 5;

export async function runLoad(opts: LoadOptions = {}): Promise<CaseResult[]> {
  const users = opts.users ?? 200;
  const seconds = opts.seconds ?? 60;
  const log = opts.log ?? ((line: string) => console.log(`[load] ${line}`));
  log(`starting the stack (npm start in a fresh DATA_DIR)`);
  const stack = await startStack({ echo: opts.echo, env: { ALTCHA_MAX_NUMBER: '1000', PROMO_CODES: LOAD_PROMO_CODES, SERVER_TIMING: 'on' } });
  try {
    const base = stack.url;
    const admin = await adminToken(base, STACK_ADMIN.adminKey, STACK_ADMIN.password);
    log('waiting for the starter set');
    await starterSetMade(base, admin);
    const before = await inventory(base, admin);
    log(`inventory: ${before.viewable} looks to serve, ${before.lookbook} in the LookBook`);
    const selections = await dashboardSelections(base);
    log(`registering ${users} users`);
    const accounts = await registerLoadAccounts(base, users);

    log(`the floor: the bare Fastify route, ${users + 1} connections, ${FLOOR_SECONDS} s`);
    const floor = await measureFloor(users + 1, FLOOR_SECONDS);
    const signIn = await measureSignIn(base, await registerProbeAccount(base), SIGN_IN_SECONDS);
    log(`sign-in alone, one at a time: ${signIn.perSecond}/s`);

    const vus = accounts.map((a) => new VirtualUser(a, selections));
    const warmUp = new Recorder();
    log(`signing the ${users} users in, ${WARM_UP_PARALLEL} at a time`);
    await signInEveryone(base, vus, warmUp, WARM_UP_PARALLEL);

    const recorder = new Recorder();
    const sources: SourceCounts = { inventory: 0, live: 0 };
    const journey = userJourney(sources);
    const actors: Actor[] = [
      { address: ADMIN_ADDRESS, authorization: () => `Bearer ${admin}`, steps: adminJourney().map((step) => () => step(null)) },
      ...vus.map((u) => ({
        address: u.account.address,
        authorization: () => (u.token ? `Bearer ${u.token}` : undefined),
        steps: journey.map((step) => () => step(u)),
      })),
    ];

    const outputBefore = stack.output.length;
    const loadBefore = os.loadavg()[0]!;
    const pids = { server: stack.pid('server'), pipeline: stack.pid('pipeline') };
    const cpuBefore = sampleCpu(pids, stack.clusterDir());
    // The stack's running cluster: the launcher finds it and connects (its stop() leaves it running).
    const waits = sampleWaits((await startEmbeddedPostgres({ dataDir: stack.dataDir })).url);
    log(`${users} users and an admin for ${seconds} s`);
    const result = await drive({ url: base, seconds, timeoutSeconds: TIMEOUT_SECONDS, actors, recorder });
    const loadAfter = os.loadavg()[0]!;
    const cpu = cpuBetween(cpuBefore, sampleCpu(pids, stack.clusterDir()));
    const waited = await waits.stop();
    const perRequest = (cpuS: number) => round1((cpuS * 1000) / Math.max(1, recorder.answered));
    const after = await inventory(base, admin);
    const serverErrors = stack.output.slice(outputBefore).filter((l) => /\berror\b|unhandled|exception|ECONN|timeout/i.test(l));

    const requestsPerSecond = Math.round(recorder.answered / seconds);
    const all = recorder.all();
    const gml = sources.inventory + sources.live;
    const kinds = recorder.kinds(CALL_KINDS);
    const visits = vus.reduce((n, u) => n + u.visits, 0);
    const failures = [
      ...(recorder.failureCount ? [`failures by call and status: ${recorder.failureSummary().join(', ')}`] : []),
      ...recorder.failures.map((f) => `${f.kind}: ${f.status} ${f.detail}`),
    ];
    const signedIn = warmUp.kinds(['sign in'])[0];
    const ok = recorder.totalNon2xx === 0 && recorder.totalTimeouts === 0 && recorder.connectionErrors === 0 && warmUp.failureCount === 0;

    const cases: CaseResult[] = [
      {
        section: 'load',
        name: `mixed journey: ${users} users and an admin, ${seconds} s, against npm start`,
        ok,
        figures: {
          'requests/s': requestsPerSecond,
          'bare route requests/s': floor.requestsPerSecond,
          'ratio to bare': Number((requestsPerSecond / floor.requestsPerSecond).toFixed(3)),
          'sign-ins/s: the run, alone one at a time': `${round1((kinds.find((k) => k.kind === 'sign in')?.requests ?? 0) / seconds)}, ${signIn.perSecond}`,
          requests: recorder.answered,
          'p50 ms': round1(percentile(all, 50)),
          'p99 ms': round1(percentile(all, 99)),
          'non-2xx': recorder.totalNon2xx,
          timeouts: recorder.totalTimeouts,
          'connection errors': recorder.connectionErrors,
          visits,
          'Get My Look from inventory': gml ? `${sources.inventory} (${Math.round((sources.inventory / gml) * 100)}%)` : 0,
          'Get My Look live': sources.live,
          'looks to serve before/after': `${before.viewable}/${after.viewable}`,
          'CPU ms per request: server, PostgreSQL': `${perRequest(cpu.server)}, ${perRequest(cpu.postgres)}`,
          'CPU s: server, PostgreSQL, pipeline, load tool': [cpu.server, cpu.postgres, cpu.pipeline, cpu.load].map((c) => c.toFixed(1)).join(', '),
          'database sessions busy (mean)': waited.busy,
          'database waits': waited.top.join(', '),
          'load average (1 min) before/after': `${loadBefore.toFixed(2)}/${loadAfter.toFixed(2)}`,
        },
        notes: [
          `${machine().cpus} cores; autocannon ${result.connections} connections, timeout ${TIMEOUT_SECONDS} s; autocannon counted ${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${result.errors} errors.`,
          ...failures.slice(0, 30),
          ...serverErrors.slice(0, 10).map((l) => `server: ${l}`),
          ...waited.lockedStatements.map((q) => `waiting for a lock (samples: statement): ${q}`),
        ].join('\n'),
      },
      {
        section: 'load',
        name: `floor: the bare Fastify route (bench/bare-fastify.ts), ${floor.connections} connections, ${floor.seconds} s, same sitting`,
        ok: floor.non2xx === 0,
        figures: { 'requests/s': floor.requestsPerSecond, 'p50 ms': floor.p50Ms, 'p99 ms': floor.p99Ms, 'non-2xx': floor.non2xx },
      },
      {
        section: 'load',
        name: `before the measured minute: the ${users} users sign in, ${WARM_UP_PARALLEL} at a time, each from its own address`,
        ok: warmUp.failureCount === 0,
        figures: {
          requests: signedIn?.requests ?? 0, 'p50 ms': signedIn?.p50Ms ?? 0, 'p99 ms': signedIn?.p99Ms ?? 0,
          'server p50 ms': signedIn?.serverP50Ms ?? 0, 'server p99 ms': signedIn?.serverP99Ms ?? 0, 'non-2xx': signedIn?.non2xx ?? 0,
          'alone, one at a time: sign-ins/s': signIn.perSecond,
        },
        ...(warmUp.failures.length ? { notes: warmUp.failures.map((f) => `${f.status} ${f.detail}`).join('\n') } : {}),
      },
      ...kinds.map((k): CaseResult => ({
        section: 'load',
        name: `call: ${k.kind}`,
        ok: k.non2xx === 0 && k.timeouts === 0,
        figures: {
          requests: k.requests, 'p50 ms': k.p50Ms, 'p99 ms': k.p99Ms, 'max ms': k.maxMs,
          'server p50 ms': k.serverP50Ms, 'server p99 ms': k.serverP99Ms, 'non-2xx': k.non2xx, timeouts: k.timeouts,
        },
      })),
    ];
    return cases;
  } finally {
    await stack.stop();
  }
}

/** The cases as a table, for a run from the command line. */
export function loadTable(cases: CaseResult[]): string {
  const calls = cases.filter((c) => c.name.startsWith('call: '));
  const others = cases.filter((c) => !c.name.startsWith('call: '));
  const figures = (c: CaseResult) => Object.entries(c.figures).map(([k, v]) => `${k}: ${v}`).join(', ');
  return [
    ...others.flatMap((c) => [`${c.ok ? 'PASS' : 'FAIL'} ${c.name}`, `  ${figures(c)}`]),
    '',
    '| call | requests | p50 ms | p99 ms | max ms | server p50 ms | server p99 ms | non-2xx | timeouts |',
    '|---|---|---|---|---|---|---|---|---|',
    ...calls.map((c) => {
      const f = c.figures;
      return `| ${c.name.replace(/^call: /, '')} | ${f.requests} | ${f['p50 ms']} | ${f['p99 ms']} | ${f['max ms']} | ${f['server p50 ms']} | ${f['server p99 ms']} | ${f['non-2xx']} | ${f.timeouts} |`;
    }),
    ...others.flatMap((c) => (c.notes ? ['', c.notes] : [])),
  ].join('\n');
}

function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runLoad({ users: numberArg('--users', 200), seconds: numberArg('--seconds', 60), echo: process.argv.includes('--echo') })
    .then((cases) => {
      console.log(loadTable(cases));
      process.exit(cases[0]?.ok ? 0 : 1);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
