import os from 'node:os';
import type { CaseResult } from '../report';
import type { CannonCounts } from './cannon';
import type { CpuSample } from './cpu';
import { percentile, round1, type Recorder } from './figures';
import type { Floor } from './floor';
import { CALL_KINDS, type SourceCounts } from './journey';
import type { WaitFigures } from './waits';

/** Everything one load run measured, as docs/reliability.md's cases and as a table. */
export interface LoadMeasurements {
  users: number;
  seconds: number;
  timeoutSeconds: number;
  warmUpParallel: number;
  recorder: Recorder;
  /** The sign-ins before the measured minute. */
  warmUp: Recorder;
  floor: Floor;
  signIn: { perSecond: number };
  sources: SourceCounts;
  visits: number;
  /** Looks Get My Look could serve, before and after. */
  inventory: { before: number; after: number };
  cpu: CpuSample;
  waited: WaitFigures;
  loadAverage: { before: number; after: number };
  cannon: CannonCounts;
  serverErrors: string[];
}

export function loadCases(m: LoadMeasurements): CaseResult[] {
  const { recorder, warmUp, floor, sources, cpu, waited } = m;
  const requestsPerSecond = Math.round(recorder.answered / m.seconds);
  const all = recorder.all();
  const gml = sources.inventory + sources.live;
  const kinds = recorder.kinds(CALL_KINDS);
  const perRequest = (cpuSeconds: number) => round1((cpuSeconds * 1000) / Math.max(1, recorder.answered));
  const signedIn = warmUp.kinds(['sign in'])[0];
  const failures = [
    ...(recorder.failureCount ? [`failures by call and status: ${recorder.failureSummary().join(', ')}`] : []),
    ...recorder.failures.map((f) => `${f.kind}: ${f.status} ${f.detail}`),
  ];
  return [
    {
      section: 'load',
      name: `mixed journey: ${m.users} users and an admin, ${m.seconds} s, against npm start`,
      ok: recorder.totalNon2xx === 0 && recorder.totalTimeouts === 0 && recorder.connectionErrors === 0 && warmUp.failureCount === 0,
      figures: {
        'requests/s': requestsPerSecond,
        'bare route requests/s': floor.requestsPerSecond,
        'ratio to bare': Number((requestsPerSecond / floor.requestsPerSecond).toFixed(3)),
        'sign-ins/s: the run, alone one at a time': `${round1((kinds.find((k) => k.kind === 'sign in')?.requests ?? 0) / m.seconds)}, ${m.signIn.perSecond}`,
        requests: recorder.answered,
        'p50 ms': round1(percentile(all, 50)),
        'p99 ms': round1(percentile(all, 99)),
        'non-2xx': recorder.totalNon2xx,
        timeouts: recorder.totalTimeouts,
        'connection errors': recorder.connectionErrors,
        visits: m.visits,
        'Get My Look from inventory': gml ? `${sources.inventory} (${Math.round((sources.inventory / gml) * 100)}%)` : 0,
        'Get My Look live': sources.live,
        'looks to serve before/after': `${m.inventory.before}/${m.inventory.after}`,
        'CPU ms per request: server, PostgreSQL': `${perRequest(cpu.server)}, ${perRequest(cpu.postgres)}`,
        'CPU s: server, PostgreSQL, pipeline, load tool': [cpu.server, cpu.postgres, cpu.pipeline, cpu.load].map((c) => c.toFixed(1)).join(', '),
        'database sessions busy (mean)': waited.busy,
        'database waits': waited.top.join(', '),
        'load average (1 min) before/after': `${m.loadAverage.before.toFixed(2)}/${m.loadAverage.after.toFixed(2)}`,
      },
      notes: [
        `${os.cpus().length} cores; autocannon ${m.cannon.connections} connections, timeout ${m.timeoutSeconds} s; autocannon counted ${m.cannon.non2xx} non-2xx, ${m.cannon.timeouts} timeouts, ${m.cannon.errors} errors.`,
        ...failures.slice(0, 30),
        ...m.serverErrors.slice(0, 10).map((l) => `server: ${l}`),
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
      name: `before the measured minute: the ${m.users} users sign in, ${m.warmUpParallel} at a time, each from its own address`,
      ok: warmUp.failureCount === 0,
      figures: {
        requests: signedIn?.requests ?? 0, 'p50 ms': signedIn?.p50Ms ?? 0, 'p99 ms': signedIn?.p99Ms ?? 0,
        'server p50 ms': signedIn?.serverP50Ms ?? 0, 'server p99 ms': signedIn?.serverP99Ms ?? 0, 'non-2xx': signedIn?.non2xx ?? 0,
        'alone, one at a time: sign-ins/s': m.signIn.perSecond,
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
