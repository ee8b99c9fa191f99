import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesFromVitestJson, proofFiles, PROOF_FILES } from './vitest-cases';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('the proof suite\'s Vitest files', () => {
  it('all exist (a renamed file must be renamed in the list too)', () => {
    expect(proofFiles(root).missing).toEqual([]);
  });

  it('of one section alone: `npm run stress -- fleet` runs the fleet file and no other', () => {
    expect(proofFiles(root, ['fleet'])).toEqual({ files: ['stress/src/fleet/fleet.test.ts'], missing: [] });
    expect(proofFiles(root).files).toContain('stress/src/fleet/fleet.test.ts');
  });

  it('turn into one case a test, under the section of its file', () => {
    const cases = casesFromVitestJson({
      testResults: [
        { name: path.join(root, PROOF_FILES.abuse![0]!), assertionResults: [{ ancestorTitles: ['referrals'], title: 'hold farming', status: 'passed', duration: 12.4 }] },
        { name: path.join(root, PROOF_FILES['faults-tests']![0]!), assertionResults: [{ ancestorTitles: [], title: 'rides out a restart', status: 'failed', duration: null }] },
      ],
    }, root);
    expect(cases).toEqual([
      { section: 'abuse', name: 'referrals > hold farming', ok: true, figures: { ms: 12 }, notes: PROOF_FILES.abuse![0] },
      { section: 'faults-tests', name: 'rides out a restart', ok: false, figures: { ms: 0 }, notes: PROOF_FILES['faults-tests']![0] },
    ]);
  });
});
