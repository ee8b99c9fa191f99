import { useQuery } from '@tanstack/react-query';
import { OFFLINE_WORKERS_KEPT_HOURS, severityMessages, type PodStatusItem } from '@drape/contracts/admin';
import { cn } from '@drape/ui';
import { LoadError } from '../../components/load-error';
import { useTRPC } from '../../lib/trpc';
import { LoadingLine } from '../../components/loading-line';
import { ADMIN_STATS_POLL_MS } from '../../lib/timing';

const STATUS_STYLE: Record<PodStatusItem['status'], { dot: string; text: string; label: string }> = {
  running: { dot: 'bg-green-500', text: 'text-green-800 bg-green-50 border-green-200', label: 'Running' },
  error: { dot: 'bg-red-500', text: 'text-red-800 bg-red-50 border-red-200', label: 'Error' },
  offline: { dot: 'bg-slate-400', text: 'text-slate-700 bg-slate-100 border-slate-200', label: 'Offline' },
};

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

function ago(iso: string): string {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  if (Math.abs(seconds) < 60) return relative.format(seconds, 'second');
  if (Math.abs(seconds) < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  return relative.format(Math.round(seconds / 3600), 'hour');
}

/** The pipeline workers (the spec's pods), every 5 s. */
export function PodList() {
  const trpc = useTRPC();
  const pods = useQuery({ ...trpc.admin.severity.pods.queryOptions(), refetchInterval: ADMIN_STATS_POLL_MS.pods });
  if (pods.isPending) {
    return (
      <LoadingLine />
    );
  }
  if (pods.isError) return <LoadError message={severityMessages.loadFailed} onRetry={() => void pods.refetch()} retrying={pods.isFetching} />;
  if (pods.data.length === 0) {
    return <p className="text-sm text-slate-600">No pipeline worker has reported in the last {OFFLINE_WORKERS_KEPT_HOURS} hours.</p>;
  }
  return (
    <ul aria-label="Pipeline workers" className="flex flex-col divide-y divide-slate-100">
      {pods.data.map((p) => {
        const s = STATUS_STYLE[p.status];
        return (
          <li key={p.id} aria-label={p.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
            <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold', s.text)}>
              <span aria-hidden="true" className={cn('size-2 rounded-full', s.dot)} />
              {s.label}
            </span>
            <span className="min-w-0 font-medium break-all text-slate-900">{p.name}</span>
            <span className="text-xs text-slate-500">
              {p.host} · pid {p.pid}
            </span>
            <span className="ml-auto text-xs text-slate-500">
              Last heartbeat <time dateTime={p.lastHeartbeat}>{ago(p.lastHeartbeat)}</time>
            </span>
            {p.status === 'error' && p.lastError && <p className="w-full text-xs break-words text-red-700">{p.lastError}</p>}
          </li>
        );
      })}
    </ul>
  );
}
