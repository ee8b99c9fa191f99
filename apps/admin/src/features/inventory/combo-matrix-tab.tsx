import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SeverityLevel } from '@drape/contracts';
import { adminStatsMessages, type ComboMatrixRow } from '@drape/contracts/admin';
import { cn } from '@drape/ui';
import { SEVERITY_STYLE, SeverityLegend } from '../../components/severity-level';
import { useTRPC } from '../../lib/trpc';
import { CombinationDetail } from './combination-detail';
import { filterInput, MatrixFilterBar, NO_FILTERS, type MatrixFilters } from './matrix-filters';
import { LoadingLine } from '../../components/loading-line';
import { QueryError } from '../../lib/query-error';

/** The whole active matrix in one answer (the contract's largest page). */
const WHOLE_MATRIX = 2000;
const numbers = new Intl.NumberFormat();

/**
 * The Combo Matrix tab: every combination as a tile coloured by its level, one row per gender and
 * trend, palette or occasion (its personalisations across); a tile opens the combination.
 */
export function ComboMatrixTab() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<MatrixFilters>(NO_FILTERS);
  const [open, setOpen] = useState<string | null>(null);
  const matrix = useQuery(trpc.admin.inventory.matrix.queryOptions({ ...filterInput({ ...filters, severity: 'all' }), limit: WHOLE_MATRIX }));

  const groups = useMemo(() => {
    const byRow = new Map<string, ComboMatrixRow[]>();
    for (const r of matrix.data?.rows ?? []) {
      const key = `${r.gender === 'female' ? 'Female' : 'Male'} · ${r.selectionName}`;
      byRow.set(key, [...(byRow.get(key) ?? []), r]);
    }
    return [...byRow.entries()];
  }, [matrix.data]);

  const counts = useMemo(() => {
    const c = new Map<SeverityLevel, number>();
    for (const r of matrix.data?.rows ?? []) c.set(r.severityLevel, (c.get(r.severityLevel) ?? 0) + 1);
    return c;
  }, [matrix.data]);

  const highlight = filters.severity === 'all' ? null : filters.severity;

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h2 className="text-xl font-semibold tracking-tight text-slate-900">Combo Matrix</h2>
        <p className="mt-1 text-sm text-slate-600">
          Every combination of the active matrix{matrix.data ? ` (${numbers.format(matrix.data.total)})` : ''}, coloured by severity. A severity filter highlights its level.
        </p>
      </header>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MatrixFilterBar idPrefix="matrix" value={filters} onChange={setFilters} />
        <SeverityLegend />
      </div>

      {matrix.isPending ? (
        <LoadingLine />
      ) : matrix.isError ? (
        <QueryError error={matrix.error} fallback={adminStatsMessages.matrixFailed} onRetry={() => void matrix.refetch()} retrying={matrix.isFetching} />
      ) : groups.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">{adminStatsMessages.noCombinations}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {highlight ? `${numbers.format(counts.get(highlight) ?? 0)} combinations at ${highlight}` : `${numbers.format(matrix.data.rows.length)} combinations`}
          </p>
          <div role="grid" aria-label="Combination matrix" className="flex flex-col gap-1.5 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            {groups.map(([label, rows]) => (
              <div role="row" key={label} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                <div role="rowheader" className="w-48 shrink-0 truncate text-xs font-medium text-slate-700" title={label}>
                  {label}
                </div>
                <div className="flex flex-wrap gap-1">
                  {rows.map((r) => (
                    <div role="gridcell" key={r.combinationCode}>
                      <button
                        type="button"
                        onClick={() => setOpen(r.combinationCode)}
                        aria-label={`${r.combinationCode}: ${r.imageCount} looks, ${r.severityLevel}`}
                        title={`${r.combinationCode}: ${r.imageCount} looks (${r.severityLevel})`}
                        className={cn(
                          'size-5 rounded-sm ring-offset-1 hover:ring-2 hover:ring-slate-400 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:size-4',
                          SEVERITY_STYLE[r.severityLevel].swatch,
                          highlight && r.severityLevel !== highlight && 'opacity-15',
                        )}
                      />
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </>
      )}
      <CombinationDetail code={open} onClose={() => setOpen(null)} />
    </div>
  );
}
