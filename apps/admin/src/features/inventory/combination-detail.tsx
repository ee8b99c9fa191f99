import { useQuery } from '@tanstack/react-query';
import { adminStatsMessages } from '@drape/contracts/admin';
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@drape/ui';
import { SeverityBadge } from '../../components/severity-level';
import { useTRPC } from '../../lib/trpc';
import { LoadingLine } from '../../components/loading-line';
import { LookThumbnail } from '../../lib/look-thumbnail';
import { QueryError } from '../../lib/query-error';

const numbers = new Intl.NumberFormat();
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One combination's inventory in a dialog: its prompt, its looks per status, its newest looks. */
export function CombinationDetail({ code, onClose }: { code: string | null; onClose: () => void }) {
  return (
    <Dialog open={code !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>{code && <DetailBody code={code} />}</DialogContent>
    </Dialog>
  );
}

function DetailBody({ code }: { code: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.inventory.combination.queryOptions({ combinationCode: code }));
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-all">{code}</DialogTitle>
        <DialogDescription>
          {detail.data
            ? `${detail.data.selectionName} · ${detail.data.gender === 'female' ? 'Female' : 'Male'} · ${[detail.data.styleVibe, detail.data.bodyShape, detail.data.skinTone].filter(Boolean).join(', ') || 'no personalisation'}`
            : 'Combination inventory'}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        {detail.isPending ? (
          <LoadingLine />
        ) : detail.isError ? (
          <QueryError error={detail.error} fallback={adminStatsMessages.combinationFailed} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <SeverityBadge level={detail.data.severityLevel} />
              <span>{numbers.format(detail.data.imageCount)} looks</span>
              {!detail.data.active && <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">Not in the active matrix</span>}
            </div>
            <dl aria-label="Looks per status" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {(
                [
                  ['Viewable', detail.data.counts.viewable],
                  ['LookBook', detail.data.counts.lookbook],
                  ['Archived', detail.data.counts.archived],
                  ['Blocked', detail.data.counts.blocked],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded-lg border border-slate-200 px-3 py-2">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums">{numbers.format(n)}</dd>
                </div>
              ))}
            </dl>
            <section aria-labelledby="combination-prompt">
              <h3 id="combination-prompt" className="text-sm font-semibold text-slate-900">
                Prompt
              </h3>
              <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-700">{detail.data.prompt}</p>
              <p className="mt-1 text-xs text-slate-500">Updated {date.format(new Date(detail.data.promptUpdatedAt))}</p>
            </section>
            <section aria-labelledby="combination-newest">
              <h3 id="combination-newest" className="text-sm font-semibold text-slate-900">
                Newest looks
              </h3>
              {detail.data.newest.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">No looks yet.</p>
              ) : (
                <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
                  {detail.data.newest.map((look) => (
                    <li key={look.id} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
                      <LookThumbnail src={look.thumbUrl} alt={`Look ${look.id.slice(0, 8)}, ${look.status}, quality ${look.qualityScore}`} className="rounded-none" />
                      <p className="px-1.5 py-1 text-[11px] text-slate-600">
                        {look.status} · {look.qualityScore}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </DialogBody>
    </>
  );
}
