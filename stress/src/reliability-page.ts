import type { CaseResult } from './report';

/**
 * docs/reliability.md from a run's results: one section per part of the proof suite, each a table
 * of its cases with the last result, the date and the machine. A run of one part (`npm run stress
 * -- load`) rewrites that part's section and keeps the others as they were, with their own dates.
 */
const SECTIONS: { key: string; title: string; about: string }[] = [
  { key: 'proof', title: 'The proof files', about: 'The Vitest files of the proof suite, run with DRAPE_STRESS=full (inside `npm test` the matrix and the bad input run a short version): each test of the generated proofs.' },
  { key: 'matrix', title: '1. Authorisation matrix', about: 'Every REST path and tRPC procedure, generated from the route table and the router, against every kind of caller; one user\'s ids against another\'s data.' },
  { key: 'bad-input', title: '2. Bad input', about: 'Malformed requests generated with fast-check from each REST path\'s zod input: no 5xx, every refusal `{ error, message }`, the database unchanged.' },
  { key: 'inert-text', title: '2. Text that users type, rendered', about: 'Script and HTML payloads in the fields people type, on every screen and server-rendered page that shows them.' },
  { key: 'load', title: '3. Load', about: 'Virtual users on a mixed journey against the server that `npm start` runs, each from its own documentation address, within its quotas; beside the bare Fastify route of the same sitting.' },
  { key: 'faults', title: '4. Faults', about: 'The product as `npm start` runs it, hurt as an operator would see it hurt: nothing acknowledged is lost.' },
  { key: 'faults-tests', title: '4. Faults: the tests of each fix', about: 'The Vitest tests behind the fault fixes (one of them, a PostgreSQL restart under load, runs inside `npm test`).' },
  { key: 'abuse', title: '5. Abuse', about: 'Referral farming, IPv6 addresses, lockout, enumeration.' },
  { key: 'review', title: '6. The rest of the security review', about: 'Sessions, admin logout and audit, reset links, the share rule, reserved names, media, seeding, the admin origin.' },
  { key: 'fleet', title: '7. A fleet', about: 'Two server processes and two pipeline workers started together on one PostgreSQL and one S3 bucket (s3rver), behind one port that hands each request to the next server in turn (stress/src/fleet/; docs/scaling.md): what holds across them.' },
];

export interface PageMeta {
  date: Date;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; load: string };
  only?: string;
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function figuresText(figures: CaseResult['figures']): string {
  return Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(', ');
}

function sectionBody(key: string, cases: CaseResult[], meta: PageMeta): string {
  const section = SECTIONS.find((s) => s.key === key);
  const when = `${meta.date.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${meta.machine.cpus} cores (${meta.machine.cpuModel}), ${meta.machine.memoryGiB} GiB, node ${meta.machine.node}, load ${meta.machine.load}`;
  const rows = cases.map((c) => `| ${escapeCell(c.name)} | ${c.ok ? 'pass' : '**FAIL**'} | ${escapeCell(figuresText(c.figures))} | ${escapeCell(c.notes ?? '')} |`);
  return [
    `## ${section?.title ?? key}`,
    '',
    section?.about ?? '',
    '',
    `Last run: ${when}.`,
    '',
    '| case | result | figures | notes |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const marker = (key: string) => [`<!-- section:${key} -->`, `<!-- /section:${key} -->`] as const;

/** The sections already on the page, by key, as written by an earlier run. */
function previousSections(page: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of page.matchAll(/<!-- section:([a-z-]+) -->\n([\s\S]*?)<!-- \/section:\1 -->/g)) found.set(m[1]!, m[2]!);
  return found;
}

export function reliabilityPage(previous: string, results: CaseResult[], meta: PageMeta): string {
  const kept = previousSections(previous);
  const keys = [...SECTIONS.map((s) => s.key), ...new Set(results.map((r) => r.section).filter((k) => !SECTIONS.some((s) => s.key === k)))];
  const parts = keys.flatMap((key) => {
    const cases = results.filter((r) => r.section === key);
    const body = cases.length ? sectionBody(key, cases, meta) : kept.get(key);
    if (!body) return [];
    const [open, close] = marker(key);
    return [`${open}\n${body}${close}`];
  });
  return [
    '# Reliability',
    '',
    'How Drape holds when it is misused, overloaded or crashed: every case of the proof suite with its',
    'last result. `npm test` runs a short version of the matrix, the generated bad input, the inert-text',
    'spec, one fault case and the fleet; `npm run stress` runs everything with the full counts and rewrites this',
    'page (`npm run stress -- load`, `faults`, `proof`, `inert` or `fleet` rewrites one part and keeps the others).',
    'Speed on this shared machine drifts 2-3x between days: timings are read beside the floor of the',
    'same sitting (the bare Fastify route), never across days.',
    '',
    ...parts,
  ].join('\n');
}
