import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@drape/db';
import type { CaseResult } from './report';
import { STACK_ADMIN, startStack } from './stack';
import { adminToken, LOAD_PROMO_CODES, registerLoadAccounts, registerProbeAccount } from './load/accounts';
import { ADMIN_ADDRESS } from './load/addresses';
import { drive, type Actor } from './load/cannon';
import { cpuBetween, sampleCpu } from './load/cpu';
import { loadCases, loadTable } from './load/cases';
export { loadTable };
import { Recorder } from './load/figures';
import { measureFloor, measureSignIn } from './load/floor';
import { adminJourney, userJourney, type SourceCounts } from './load/journey';
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
    const after = await inventory(base, admin);
    const serverErrors = stack.output.slice(outputBefore).filter((l) => /\berror\b|unhandled|exception|ECONN|timeout/i.test(l));

    return loadCases({
      users, seconds, timeoutSeconds: TIMEOUT_SECONDS, warmUpParallel: WARM_UP_PARALLEL,
      recorder, warmUp, floor, signIn, sources, visits: vus.reduce((n, u) => n + u.visits, 0),
      inventory: { before: before.viewable, after: after.viewable }, cpu, waited, loadAverage: { before: loadBefore, after: loadAfter },
      cannon: result, serverErrors,
    });
  } finally {
    await stack.stop();
  }
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
