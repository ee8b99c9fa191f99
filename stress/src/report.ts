import fs from 'node:fs';
import os from 'node:os';

/**
 * One line of docs/reliability.md: a case of the proof suite with its last result. Every part of
 * `npm run stress` (the Vitest proof files run in full, the load run, the fault runs) hands back
 * these; the orchestrator (stress/run.ts) writes the page from them.
 */
export interface CaseResult {
  /** The section: 'matrix', 'bad-input', 'inert-text', 'load', 'faults', 'abuse', 'review'. */
  section: string;
  /** What was tried, as a reader of docs/reliability.md would say it. */
  name: string;
  ok: boolean;
  /** Counts and timings: cases tried, 5xx seen, writes lost, p50/p99 ms, recovery s, requests/s... */
  figures: Record<string, number | string>;
  notes?: string;
}

/**
 * Vitest proof files append their results here when `npm run stress` names a file in
 * DRAPE_PROOF_OUT (one JSON object a line); inside `npm test` the variable is unset and this is a no-op.
 */
export function recordCase(result: CaseResult): void {
  const out = process.env.DRAPE_PROOF_OUT;
  if (out) fs.appendFileSync(out, `${JSON.stringify(result)}\n`);
}

export function readCases(file: string): CaseResult[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as CaseResult);
}

/** The machine of a sitting, for the page's header (speed drifts 2-3x between days here). */
export function machine(): { cpus: number; cpuModel: string; memoryGiB: number; node: string; load: string } {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load: os.loadavg().map((l) => l.toFixed(2)).join(' '),
  };
}

/** Whether the full counts were asked for (`npm run stress`), or the short version inside `npm test`. */
export const FULL = process.env.DRAPE_STRESS === 'full';
