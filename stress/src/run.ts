import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFaults } from './faults';
import { runLoad } from './load';
import { machine, readCases, type CaseResult } from './report';
import { casesFromVitestJson, proofFiles } from './vitest-cases';
import { root } from './stack';
import { reliabilityPage } from './reliability-page';

/**
 * `npm run stress`: the proof suite with its full counts. The Vitest proof files (the access
 * matrix, the generated bad input, the fault case and the abuse and review fixes) run with
 * DRAPE_STRESS=full and record their cases; the browser's inert-text spec runs in Chromium; the
 * load and the fault runs drive the product as `npm start` runs it. The results are written to
 * docs/reliability.md. `npm run stress -- load` (or `faults`, `proof`, `inert`, `fleet`: the fleet
 * file of the proof suite alone) runs one part;
 * `--seconds N` and `--users N` size the load run.
 */
const args = process.argv.slice(2);
const only = args.find((a) => ['proof', 'inert', 'load', 'faults', 'fleet'].includes(a));
const numberArg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const log = (line: string) => console.log(`[stress] ${line}`);

/** The Vitest files of the proof suite (or of the sections named), run with their full counts; each test is a case. */
function vitestProof(out: string, sections?: readonly string[]): CaseResult[] {
  const started = Date.now();
  const { files, missing } = proofFiles(root, sections);
  const json = path.join(os.tmpdir(), `drape-stress-vitest-${process.pid}.json`);
  const res = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    cwd: root, stdio: 'inherit', env: { ...process.env, DRAPE_STRESS: 'full', DRAPE_PROOF_OUT: out },
  });
  const tests = fs.existsSync(json) ? casesFromVitestJson(JSON.parse(fs.readFileSync(json, 'utf8')), root) : [];
  fs.rmSync(json, { force: true });
  // A case a fault test records belongs with the tests of the fault fixes, not with the runs
  // against npm start (a later `npm run stress -- faults` rewrites only those).
  const recorded = readCases(out).map((c) => (c.section === 'faults' ? { ...c, section: 'faults-tests' } : c));
  return [
    ...recorded,
    ...tests,
    ...missing.map((file) => ({ section: 'proof', name: `${file} is listed in stress/src/vitest-cases.ts but missing`, ok: false, figures: {} })),
    {
      section: sections?.[0] ?? 'proof', name: `Vitest: ${files.length} file(s) of the proof suite${sections ? ` (${sections.join(', ')})` : ''}, full counts (DRAPE_STRESS=full)`, ok: res.status === 0 && tests.length > 0,
      figures: { exit: res.status ?? -1, tests: tests.length, failed: tests.filter((t) => !t.ok).length, seconds: Math.round((Date.now() - started) / 1000) },
    },
  ];
}

function inertText(): CaseResult[] {
  const started = Date.now();
  const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'test', 'e2e', 'inert-text'], { cwd: root, stdio: 'inherit' });
  return [{
    section: 'inert-text', name: 'Script and HTML payloads in names, bio, usernames and notes render inert on every screen (Playwright, Chromium)',
    ok: res.status === 0, figures: { exit: res.status ?? -1, seconds: Math.round((Date.now() - started) / 1000) },
  }];
}

async function main() {
  const out = path.join(os.tmpdir(), `drape-stress-${process.pid}.jsonl`);
  fs.rmSync(out, { force: true });
  const started = new Date();
  const results: CaseResult[] = [];
  if (!only || only === 'proof') {
    log('the proof files, full counts');
    results.push(...vitestProof(out));
  }
  if (only === 'fleet') {
    log('the fleet: two servers and two workers behind one port');
    results.push(...vitestProof(out, ['fleet']));
  }
  if (!only || only === 'inert') {
    log('inert text in the browser');
    results.push(...inertText());
  }
  if (!only || only === 'load') {
    log('load: virtual users against npm start');
    results.push(...(await runLoad({ seconds: numberArg('--seconds'), users: numberArg('--users') })));
  }
  if (!only || only === 'faults') {
    log('faults against npm start');
    results.push(...(await runFaults({ full: true })));
  }
  fs.rmSync(out, { force: true });
  const page = path.join(root, 'docs', 'reliability.md');
  fs.writeFileSync(page, reliabilityPage(fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : '', results, { date: started, machine: machine(), only }));
  const failed = results.filter((r) => !r.ok);
  log(`${results.length} cases, ${failed.length} failed; written to docs/reliability.md`);
  for (const f of failed) log(`FAILED ${f.section}: ${f.name} ${JSON.stringify(f.figures)}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
