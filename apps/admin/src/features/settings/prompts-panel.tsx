import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ShieldCheck, Sparkles } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import { adminSettingsMessages, type PromptVerification, type RegenerationStats as RegenerationStatsView } from '@drape/contracts/admin';
import { Alert, Badge, Button, Spinner } from '@drape/ui';
import { QueryError } from '../../lib/query-error';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { SettingsCard } from './settings-card';

const number = new Intl.NumberFormat();
const seconds = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/** The combination matrix's enhanced prompts: regenerate them, verify them, read a few. */
export function PromptsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Verification runs when asked (a button), then stays until asked again.
  const verify = useQuery({ ...trpc.admin.prompts.verify.queryOptions(), enabled: false });
  const regenerate = useAdminMutation({
    ...trpc.admin.prompts.regenerate.mutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.admin.prompts.samples.queryKey() });
      if (verify.data) void verify.refetch();
    },
    toasts: {
      success: (stats) => ({ title: 'Enhanced prompts regenerated', description: `${number.format(stats.updated)} of ${number.format(stats.total)} prompts updated.` }),
      failure: adminSettingsMessages.regenerateFailed,
      fallback: adminSettingsMessages.regenerateFailed,
    },
  });

  return (
    <SettingsCard id="prompts-heading" title="Enhanced Prompts" description="The prompt of every combination of the matrix, as the image provider receives it.">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" pending={regenerate.isPending} pendingLabel="Regenerating…" onClick={() => regenerate.mutate()}>
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          Regenerate Enhanced Prompts
        </Button>
        <Button size="sm" variant="outline" pending={verify.isFetching} pendingLabel="Verifying…" disabled={regenerate.isPending} onClick={() => void verify.refetch()}>
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          Verify Prompts
        </Button>
      </div>

      {regenerate.isError && appErrorCode(regenerate.error) !== 'admin_unauthorized' && (
        <Alert className="mt-4">{adminSettingsMessages.regenerateFailed}</Alert>
      )}
      {regenerate.data && <RegenerationStats stats={regenerate.data} />}

      {verify.isError && appErrorCode(verify.error) !== 'admin_unauthorized' && (
        <Alert className="mt-4">{errorMessage(verify.error, adminSettingsMessages.verifyFailed)}</Alert>
      )}
      {verify.data && <VerifyResult result={verify.data} />}

      <SamplePrompts />
    </SettingsCard>
  );
}

function RegenerationStats({ stats }: { stats: RegenerationStatsView }) {
  return (
    <div className="mt-4" aria-live="polite">
      <h3 className="text-sm font-semibold text-slate-900">Regeneration stats</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Stat label="Updated" value={number.format(stats.updated)} />
        <Stat label="Errors" value={number.format(stats.errors)} />
        <Stat label="Total" value={number.format(stats.total)} />
        <Stat label="Duration" value={`${seconds.format(stats.duration / 1000)} s`} />
        <Stat label="Sample prompt length" value={`${number.format(stats.samplePromptLength)} chars`} />
      </dl>
    </div>
  );
}

function VerifyResult({ result }: { result: PromptVerification }) {
  return (
    <div className="mt-4" aria-live="polite">
      <Alert tone={result.ok ? 'success' : 'warning'}>
        {result.ok
          ? `All ${number.format(result.active)} active combinations hold their current prompt.`
          : `${number.format(result.active)} active combinations: ${number.format(result.stale)} stale, ${number.format(result.missing)} missing. Regenerate to fix them.`}
      </Alert>
      {result.samples.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Combinations to fix">
          {result.samples.map((code) => (
            <li key={code}>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{code}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A few stored prompts, as the image provider receives them. */
function SamplePrompts() {
  const trpc = useTRPC();
  const samples = useQuery(trpc.admin.prompts.samples.queryOptions());
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-900">Sample prompts</h3>
      {samples.isPending ? (
        <div role="status" className="mt-2 flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="h-4 w-4" />
          Loading sample prompts…
        </div>
      ) : samples.isError ? (
        <div className="mt-2 empty:hidden">
          <QueryError error={samples.error} fallback={adminSettingsMessages.samplesFailed} onRetry={() => void samples.refetch()} />
        </div>
      ) : samples.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No prompts stored yet. Regenerate to write them.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3" aria-label="Sample prompts">
          {samples.data.map((p) => (
            <li key={p.combinationCode} className="rounded-xl border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-indigo-600" />
                <span className="font-medium capitalize text-slate-900">{p.gender}</span>
                <Badge>{p.selection}</Badge>
                <code className="break-all text-xs text-slate-500">{p.combinationCode}</code>
              </div>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{p.prompt}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
