import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gauge, RotateCcw, Zap } from 'lucide-react';
import { adminSettingsMessages, performanceModeView, type PerformanceAction, type PerformanceModeView } from '@drape/contracts/admin';
import { Badge, Button, Spinner, cn } from '@drape/ui';
import { QueryError } from '../../lib/query-error';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { SettingsCard } from './settings-card';

const number = new Intl.NumberFormat();
const MODES = [
  { action: 'increase_concurrency' as const, label: 'Aggressive', view: performanceModeView('aggressive'), icon: Zap },
  { action: 'reset_defaults' as const, label: 'Conservative defaults', view: performanceModeView('conservative'), icon: RotateCcw },
];

function figures(m: PerformanceModeView): { label: string; value: string }[] {
  return [
    { label: 'Concurrency', value: number.format(m.concurrency) },
    { label: 'Batch size', value: number.format(m.batchSize) },
    { label: 'Delay', value: `${number.format(m.delayMs)} ms` },
    { label: 'Timeout', value: `${number.format(m.timeoutSeconds)} s` },
    { label: 'Target', value: m.targetImagesPerMinute ? `${number.format(m.targetImagesPerMinute)}+ images/min` : 'none' },
  ];
}

/** The image provider's performance mode (§9): the mode in force and the two buttons. */
export function PerformancePanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.admin.performance.get.queryOptions());
  const set = useAdminMutation({
    ...trpc.admin.performance.set.mutationOptions(),
    onSuccess: (next) => queryClient.setQueryData(trpc.admin.performance.get.queryKey(), next),
    toasts: {
      success: (next) => ({ title: `Performance mode: ${next.mode === 'aggressive' ? 'Aggressive' : 'Conservative defaults'}`, description: 'Running workers apply it within seconds.' }),
      failure: adminSettingsMessages.performanceFailed,
      fallback: adminSettingsMessages.performanceFailed,
    },
  });
  const apply = (action: PerformanceAction) => set.mutate({ action });

  return (
    <SettingsCard id="performance-heading" title="RunPod Performance" description="How hard the image pipeline drives the image provider. Running workers apply a change within seconds.">
      {current.isPending ? (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="h-4 w-4" />
          Loading performance mode…
        </div>
      ) : current.isError ? (
        <QueryError error={current.error} fallback="Unable to load the performance mode. Please try again." onRetry={() => void current.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="status" aria-live="polite">
            <Gauge aria-hidden="true" className="h-4 w-4 text-indigo-600" />
            Current mode:
            <Badge data-testid="performance-mode">{current.data.mode === 'aggressive' ? 'Aggressive' : 'Conservative defaults'}</Badge>
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {MODES.map((m) => {
              const active = current.data.mode === m.view.mode;
              const Icon = m.icon;
              return (
                <div key={m.action} className={cn('rounded-xl border p-4', active ? 'border-indigo-400 bg-indigo-50/60' : 'border-slate-200')}>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    {figures(m.view).map((f) => (
                      <div key={f.label} className="contents">
                        <dt className="text-slate-500">{f.label}</dt>
                        <dd className="text-right font-medium tabular-nums text-slate-900">{f.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <Button
                    size="sm"
                    variant={active ? 'secondary' : 'primary'}
                    className="mt-4 w-full"
                    disabled={set.isPending || active}
                    pending={set.isPending && set.variables?.action === m.action}
                    onClick={() => apply(m.action)}
                  >
                    <Icon aria-hidden="true" className="h-4 w-4" />
                    {m.label}
                  </Button>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
