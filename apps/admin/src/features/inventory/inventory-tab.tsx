import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { adminStatsMessages } from '@drape/contracts/admin';
import { Button } from '@drape/ui';
import { SeverityBadge, SeverityLegend } from '../../components/severity-level';
import { useTRPC } from '../../lib/trpc';
import { CombinationDetail } from './combination-detail';
import { filterInput, MatrixFilterBar, NO_FILTERS, type MatrixFilters } from './matrix-filters';
import { LoadingLine } from '../../components/loading-line';
import { QueryError } from '../../lib/query-error';

const PAGE = 50;
const numbers = new Intl.NumberFormat();

/** The Inventory tab: the combinations as a list with their looks and level, filtered and paged. */
export function InventoryTab() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<MatrixFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({ ...trpc.admin.inventory.matrix.queryOptions({ ...filterInput(filters), page, limit: PAGE }), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h2 className="text-xl font-semibold tracking-tight text-slate-900">Inventory</h2>
        <p className="mt-1 text-sm text-slate-600">Looks per combination of the active matrix. Open a combination for its prompt, counts and newest looks.</p>
      </header>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MatrixFilterBar
          idPrefix="inventory"
          value={filters}
          onChange={(f) => {
            setFilters(f);
            setPage(1);
          }}
        />
        <SeverityLegend />
      </div>

      {list.isPending ? (
        <LoadingLine />
      ) : list.isError ? (
        <QueryError error={list.error} fallback={adminStatsMessages.matrixFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">{adminStatsMessages.noCombinations}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Combinations with their looks and severity</caption>
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">Combination</th>
                  <th scope="col" className="px-3 py-2 font-medium">Selection</th>
                  <th scope="col" className="px-3 py-2 font-medium">Personalisation</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Looks</th>
                  <th scope="col" className="px-3 py-2 font-medium">Severity</th>
                </tr>
              </thead>
              <tbody className={list.isPlaceholderData ? 'opacity-60' : undefined}>
                {list.data.rows.map((r) => (
                  <tr key={r.combinationCode} className="border-t border-slate-100">
                    <td className="px-3 py-2">
                      <button type="button" onClick={() => setOpen(r.combinationCode)} className="text-left font-mono text-xs break-all text-indigo-700 underline-offset-2 hover:underline">
                        {r.combinationCode}
                      </button>
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {r.selectionName} <span className="text-xs text-slate-500">({r.gender})</span>
                    </td>
                    <td className="px-3 py-2 text-xs text-slate-600">{[r.styleVibe, r.bodyShape, r.skinTone].filter(Boolean).join(' · ') || '—'}</td>
                    <td className="px-3 py-2 text-right font-semibold text-slate-900 tabular-nums">{numbers.format(r.imageCount)}</td>
                    <td className="px-3 py-2">
                      <SeverityBadge level={r.severityLevel} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Inventory pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>
              {numbers.format(list.data.total)} combinations · page {page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1 || list.isFetching} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={!list.data.hasMore || list.isFetching} onClick={() => setPage((p) => p + 1)}>
                Next
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          </nav>
        </>
      )}
      <CombinationDetail code={open} onClose={() => setOpen(null)} />
    </div>
  );
}
