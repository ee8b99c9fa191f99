import { CircleStop } from 'lucide-react';
import { BATCH_METRIC_LABELS, type BatchJobView } from '@drape/contracts/admin';
import { Button, cn } from '@drape/ui';

const count = new Intl.NumberFormat();
const rate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const percentOf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** settings-and-admin §4: running is shown as active. */
const STATUS: Record<BatchJobView['status'], { label: string; className: string }> = {
  running: { label: 'Active', className: 'bg-indigo-50 text-indigo-700 ring-indigo-200' },
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-100 text-slate-700 ring-slate-300' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-700 ring-red-200' },
};

const RATES = new Set(['imagesPerMinute', 'imagesPerHour', 'imagesPer24Hours']);

/** The newest batch job: status, progress, success rate and the spec's metrics (§3). */
export function BatchJobCard({ job, cancelling, onCancel }: { job: BatchJobView; cancelling: boolean; onCancel: () => void }) {
  const status = STATUS[job.status];
  const running = job.status === 'running';
  const scope = job.kind === 'priority' ? `Level batch · ${job.priorityFilter === 'all' ? 'all levels below SEV-5' : job.priorityFilter}` : 'Sequential batch';
  return (
    <article aria-labelledby="newest-batch-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id="newest-batch-heading" className="font-semibold text-slate-900">
              Newest batch job
            </h3>
            <span data-testid="batch-status" className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium ring-1', status.className)}>
              {status.label}
            </span>
          </div>
          <p className="mt-1 truncate text-sm text-slate-600">
            {scope} · cycle {job.cycle} of {job.cycles} · <span className="font-mono text-xs">{job.id}</span>
          </p>
          <p className="text-xs text-slate-500">
            Started {dateTime.format(new Date(job.metrics.startTime))}
            {job.finishedAt && ` · ended ${dateTime.format(new Date(job.finishedAt))}`}
          </p>
        </div>
        {running && (
          <Button variant="destructive" size="sm" pending={cancelling} pendingLabel="Cancelling…" onClick={onCancel} className="self-start">
            <CircleStop aria-hidden="true" className="h-4 w-4" />
            Cancel batch
          </Button>
        )}
      </div>

      <div className="mt-5">
        <div className="flex items-baseline justify-between text-sm">
          <span id="batch-progress-label" className="font-medium text-slate-700">
            Progress
          </span>
          <span data-testid="batch-counts" className="tabular-nums text-slate-600">
            {count.format(job.processed)} of {count.format(job.total)} combinations · {percentOf.format(job.progress)}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="batch-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.progress}
          className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={cn('h-full rounded-full transition-[width] duration-500', running ? 'bg-indigo-500' : 'bg-slate-400')} style={{ width: `${job.progress}%` }} />
        </div>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Success rate" value={`${percentOf.format(job.successRate)}%`} strong />
        <Figure label="Images stored" value={count.format(job.succeeded)} strong />
        <Figure label="Blocked or failed" value={count.format(job.failed)} strong />
        <Figure label="Queued" value={count.format(job.total)} strong />
      </dl>

      <h4 className="mt-6 text-sm font-semibold text-slate-900">Metrics</h4>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {Object.entries(BATCH_METRIC_LABELS).map(([key, label]) => {
          const value = job.metrics[key as keyof typeof BATCH_METRIC_LABELS];
          return <Figure key={key} label={label} hint={key} value={RATES.has(key) ? rate.format(value) : count.format(value)} />;
        })}
        <Figure label="Start time" hint="startTime" value={dateTime.format(new Date(job.metrics.startTime))} />
      </dl>
    </article>
  );
}

function Figure({ label, value, hint, strong }: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <div data-testid={hint ? `metric-${hint}` : undefined} className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-600">
        {label}
        {hint && <span className="ml-1 font-mono text-[10px] text-slate-400">{hint}</span>}
      </dt>
      <dd className={cn('mt-0.5 tabular-nums text-slate-900', strong ? 'text-xl font-semibold' : 'text-base font-medium')}>{value}</dd>
    </div>
  );
}
