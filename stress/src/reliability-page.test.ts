import { describe, expect, it } from 'vitest';
import { reliabilityPage, type PageMeta } from './reliability-page';

const meta = (day: string): PageMeta => ({ date: new Date(`${day}T10:00:00Z`), machine: { cpus: 2, cpuModel: 'EPYC', memoryGiB: 24, node: 'v24', load: '1.00 1.00 1.00' } });

describe('docs/reliability.md', () => {
  it('lists each case under its section with its result and figures', () => {
    const page = reliabilityPage('', [
      { section: 'load', name: 'profile | p99', ok: true, figures: { p50Ms: 3, p99Ms: 12 } },
      { section: 'faults', name: 'PostgreSQL stopped 10 s', ok: false, figures: { lost: 1 } },
    ], meta('2026-11-26'));
    expect(page).toContain('## 3. Load');
    expect(page).toContain('| profile \\| p99 | pass | p50Ms 3, p99Ms 12 |');
    expect(page).toContain('| PostgreSQL stopped 10 s | **FAIL** | lost 1 |');
    expect(page).toContain('Last run: 2026-11-26 10:00 UTC, 2 cores (EPYC)');
    expect(page).not.toContain('## 1. Authorisation matrix');
  });

  it('keeps the sections a partial run did not touch, with their own dates', () => {
    const first = reliabilityPage('', [
      { section: 'load', name: 'journey', ok: true, figures: { rps: 900 } },
      { section: 'faults', name: 'restart', ok: true, figures: { recoveryS: 1.2 } },
    ], meta('2026-11-25'));
    const second = reliabilityPage(first, [{ section: 'load', name: 'journey', ok: true, figures: { rps: 950 } }], meta('2026-11-26'));
    expect(second).toContain('rps 950');
    expect(second).not.toContain('rps 900');
    expect(second).toContain('recoveryS 1.2');
    expect(second.match(/Last run: 2026-11-25/g)).toHaveLength(1);
    expect(second.match(/Last run: 2026-11-26/g)).toHaveLength(1);
    expect(second.indexOf('## 3. Load')).toBeLessThan(second.indexOf('## 4. Faults'));
  });
});
