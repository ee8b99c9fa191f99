import fs from 'node:fs';
import path from 'node:path';
import type { CaseResult } from './report';

/**
 * The Vitest files of the proof suite, by section of docs/reliability.md: the generated proofs
 * (which also record their own counts through recordCase), the fault case, and the tests of each
 * abuse and review fix. Each test of these files is a case of the page.
 */
export const PROOF_FILES: Readonly<Record<string, readonly string[]>> = {
  proof: ['apps/server/src/proof/access-matrix.test.ts', 'apps/server/src/proof/bad-input.test.ts'],
  'faults-tests': [
    'scripts/postgres-outage.test.ts', 'apps/server/src/database-outage.test.ts', 'packages/db/src/client.test.ts',
    'packages/db/src/embedded-postgres.test.ts', 'packages/jobs/src/listener.test.ts', 'packages/jobs/src/boss.test.ts',
    'scripts/supervise.test.ts', 'pipeline/src/daemon-outage.test.ts', 'pipeline/src/batch.test.ts',
    'pipeline/src/store-failure.test.ts', 'pipeline/src/store-integrity.test.ts', 'apps/server/src/mail.test.ts',
  ],
  abuse: [
    'apps/server/src/abuse.test.ts', 'packages/contracts/src/domain/referral-policy.test.ts', 'packages/auth/src/client-network.test.ts',
    'packages/auth/src/disposable-email.test.ts', 'packages/boot/src/boot.test.ts',
  ],
  review: [
    'apps/server/src/auth-sessions.test.ts', 'apps/server/src/admin-login.test.ts', 'apps/server/src/admin-audit.test.ts',
    'apps/server/src/admin-origin.test.ts', 'packages/auth/src/mailer.test.ts', 'apps/server/src/share.test.ts',
    'apps/server/src/route-names.test.ts', 'apps/web/src/app/route-names.test.ts', 'apps/admin/src/route-names.test.ts',
    'apps/server/src/media.test.ts',
  ],
  // Two servers and two workers behind one port (issue 16 §5); `npm run stress -- fleet` runs it alone.
  fleet: ['stress/src/fleet/fleet.test.ts'],
};

/**
 * The files that exist in this checkout (a file renamed later is reported missing, not skipped
 * silently), of every section or of those named.
 */
export function proofFiles(root: string, sections?: readonly string[]): { files: string[]; missing: string[] } {
  const all = Object.entries(PROOF_FILES).filter(([key]) => !sections || sections.includes(key)).flatMap(([, files]) => files);
  return { files: all.filter((f) => fs.existsSync(path.join(root, f))), missing: all.filter((f) => !fs.existsSync(path.join(root, f))) };
}

interface VitestJson {
  testResults: { name: string; assertionResults: { ancestorTitles: string[]; title: string; status: string; duration?: number | null }[] }[];
}

/** One case per test of the report, under the section its file belongs to. */
export function casesFromVitestJson(report: VitestJson, root: string): CaseResult[] {
  const sectionOf = (file: string) => Object.entries(PROOF_FILES).find(([, files]) => files.includes(file))?.[0] ?? 'proof';
  return report.testResults.flatMap((file) => {
    const rel = path.relative(root, file.name);
    return file.assertionResults.map((t) => ({
      section: sectionOf(rel),
      name: [...t.ancestorTitles, t.title].join(' > '),
      ok: t.status === 'passed',
      figures: { ms: Math.round(t.duration ?? 0) },
      notes: `${rel}${t.status === 'passed' || t.status === 'failed' ? '' : ` (${t.status})`}`,
    }));
  });
}
