import { useQuery } from '@tanstack/react-query';
import { SEVERITY_BANDS } from '@drape/contracts';
import { severityMessages, type SevQueueProgress, type SevQueueStatus } from '@drape/contracts/admin';
import { cn } from '@drape/ui';
import { LoadError } from '../../components/load-error';
import { SEVERITY_STYLE, SeverityBadge, SeverityLegend } from '../../components/severity-level';
import { useTRPC } from '../../lib/trpc';
import { PodList } from './pod-list';
import { Panel } from '../../components/panel';
import { LoadingLine } from '../../components/loading-line';
import { ADMIN_STATS_POLL_MS } from '../../lib/timing';

const numbers = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const CYCLES = [1, 2, 3, 4, 5] as const;
const QUEUE_LEVELS = [
  ['sev1', 'SEV-1'],
  ['sev2', 'SEV-2'],
  ['sev3', 'SEV-3'],
  ['sev4', 'SEV-4'],
] as const;



/** {base}/inventory-severity (settings-and-admin §2.2 Severity). */
export function SeverityPage() {
  const trpc = useTRPC();
  const severity = useQuery({ ...trpc.admin.severity.inventory.queryOptions(), refetchInterval: ADMIN_STATS_POLL_MS.inventorySeverity });
  const sevStats = useQuery({ ...trpc.admin.severity.sevStats.queryOptions(), refetchInterval: ADMIN_STATS_POLL_MS.sevStats });
  const queue = useQuery({ ...trpc.admin.severity.queueStatus.queryOptions(), refetchInterval: ADMIN_STATS_POLL_MS.sevQueue });

  const empty = severity.data !== undefined && severity.data.every((r) => r.combo_count === 0);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Severity</h1>
        <p className="mt-1 text-sm text-slate-600">How well stocked each combination is: the fewer looks, the more severe. The batch refills the most severe first.</p>
      </header>

      <Panel id="severity-levels" title="Inventory severity" aside={<SeverityLegend />}>
        {severity.isPending ? (
          <LoadingLine />
        ) : severity.isError ? (
          <LoadError message={severityMessages.screenError} onRetry={() => void severity.refetch()} retrying={severity.isFetching} />
        ) : empty ? (
          <p className="text-sm text-slate-600">{severityMessages.empty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {severity.data.map((row) => {
              const s = SEVERITY_STYLE[row.severity_level];
              return (
                <li key={row.severity_level}>
                  <section aria-label={row.severity_level} className={cn('h-full rounded-xl border-l-4 border p-4', s.soft, s.border)}>
                    <SeverityBadge level={row.severity_level} />
                    <p className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums">{numbers.format(row.combo_count)}</p>
                    <p className="text-sm text-slate-700">
                      combinations · <span className="tabular-nums">{percent.format(row.percentage)}%</span>
                    </p>
                    <p className="mt-1 text-xs text-slate-600">{row.description}</p>
                  </section>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Panel id="severity-queue" title="Queue status">
          <QueueStatus query={queue} />
          <div className="mt-5 border-t border-slate-100 pt-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Combinations most in need</h3>
            {sevStats.isPending ? (
              <LoadingLine />
            ) : sevStats.isError ? (
              <LoadError message={severityMessages.loadFailed} onRetry={() => void sevStats.refetch()} retrying={sevStats.isFetching} />
            ) : (
              <dl className="grid grid-cols-3 gap-2">
                {(['sev1', 'sev2', 'sev3'] as const).map((k, i) => {
                  const level = SEVERITY_BANDS[i]!.level;
                  return (
                    <div key={k} className={cn('rounded-lg border px-3 py-2', SEVERITY_STYLE[level].soft, SEVERITY_STYLE[level].border)}>
                      <dt className="text-xs font-semibold text-slate-700">{level}</dt>
                      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{numbers.format(sevStats.data[k])}</dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </div>
        </Panel>
        <Panel id="severity-pods" title="Pod status">
          <PodList />
        </Panel>
      </div>
    </div>
  );
}

function QueueStatus({ query }: { query: { isPending: boolean; isError: boolean; isFetching: boolean; data: SevQueueStatus | undefined; refetch: () => unknown } }) {
  if (query.isPending) return <LoadingLine />;
  if (query.isError || !query.data) return <LoadError message={severityMessages.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { currentFocus, progressStats } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        <span className="font-medium text-slate-900">Current focus: </span>
        {currentFocus ? (
          <>
            <SeverityBadge level={currentFocus.sevLevel} className="mx-1 align-middle" /> entry {numbers.format(currentFocus.sequence)} of cycle {currentFocus.cycle}
          </>
        ) : (
          'none (the queue is empty or every entry has ended)'
        )}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[480px] text-left text-sm">
          <caption className="sr-only">Queue progress per level and cycle (entries ended)</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">Level</th>
              <th scope="col" className="py-1 pr-2 font-medium">Progress</th>
              {CYCLES.map((c) => (
                <th key={c} scope="col" className="px-1 py-1 text-right font-medium">
                  Cycle {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {QUEUE_LEVELS.map(([key, level]) => (
              <QueueRow key={key} level={level} p={progressStats[key]} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function QueueRow({ level, p }: { level: (typeof QUEUE_LEVELS)[number][1]; p: SevQueueProgress }) {
  const done = p.total ? Math.round((p.completed / p.total) * 100) : 0;
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-2 font-normal">
        <SeverityBadge level={level} />
      </th>
      <td className="py-2 pr-2">
        <div className="flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`${level} progress`}
            aria-valuemin={0}
            aria-valuemax={p.total}
            aria-valuenow={p.completed}
            className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
          >
            <div className={cn('h-full', SEVERITY_STYLE[level].swatch)} style={{ width: `${done}%` }} />
          </div>
          <span className="text-xs text-slate-600 tabular-nums">
            {numbers.format(p.completed)} / {numbers.format(p.total)}
          </span>
        </div>
      </td>
      {CYCLES.map((c) => (
        <td key={c} className="px-1 py-2 text-right text-slate-700 tabular-nums">
          {numbers.format(p[`cycle${c}`])}
        </td>
      ))}
    </tr>
  );
}
