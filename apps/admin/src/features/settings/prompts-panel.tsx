import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw, ShieldCheck, Sparkles } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import { adminSettingsMessages } from '@drape/contracts';
import { Alert, Badge, Button, Spinner } from '@drape/ui';
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
  const samples = useQuery(trpc.admin.prompts.samples.queryOptions());
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
      {regenerate.data && (
        <div className="mt-4" aria-live="polite">
          <h3 className="text-sm font-semibold text-slate-900">Regeneration stats</h3>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
            <Stat label="Updated" value={number.format(regenerate.data.updated)} />
            <Stat label="Errors" value={number.format(regenerate.data.errors)} />
            <Stat label="Total" value={number.format(regenerate.data.total)} />
            <Stat label="Duration" value={`${seconds.format(regenerate.data.duration / 1000)} s`} />
            <Stat label="Sample prompt length" value={`${number.format(regenerate.data.samplePromptLength)} chars`} />
          </dl>
        </div>
      )}

      {verify.isError && appErrorCode(verify.error) !== 'admin_unauthorized' && (
        <Alert className="mt-4">{errorMessage(verify.error, adminSettingsMessages.verifyFailed)}</Alert>
      )}
      {verify.data && (
        <div className="mt-4" aria-live="polite">
          <Alert tone={verify.data.ok ? 'success' : 'warning'}>
            {verify.data.ok
              ? `All ${number.format(verify.data.active)} active combinations hold their current prompt.`
              : `${number.format(verify.data.active)} active combinations: ${number.format(verify.data.stale)} stale, ${number.format(verify.data.missing)} missing. Regenerate to fix them.`}
          </Alert>
          {verify.data.samples.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Combinations to fix">
              {verify.data.samples.map((code) => (
                <li key={code}>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{code}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="mt-6">
        <h3 className="text-sm font-semibold text-slate-900">Sample prompts</h3>
        {samples.isPending ? (
          <div role="status" className="mt-2 flex items-center gap-3 text-sm text-slate-600">
            <Spinner className="h-4 w-4" />
            Loading sample prompts…
          </div>
        ) : samples.isError ? (
          <div className="mt-2 flex flex-col items-start gap-3">
            <Alert>{errorMessage(samples.error, adminSettingsMessages.samplesFailed)}</Alert>
            <Button variant="outline" size="sm" onClick={() => void samples.refetch()}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Try again
            </Button>
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
    </SettingsCard>
  );
}
