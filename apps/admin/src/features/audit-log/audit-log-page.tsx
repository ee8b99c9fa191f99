import { useDeferredValue, useId, useState } from 'react';
import { appErrorCode, errorMessage } from '@drape/client';
import { AUDIT_ACTIONS, AUDIT_KEPT_FIELDS, AUDIT_PAGE_SIZE, type AuditOutcome } from '@drape/contracts/admin';
import { Alert, Spinner } from '@drape/ui';
import { LoadMore } from '../../lib/load-more';
import { PageHeader } from '../../lib/page-header';
import { QueryError } from '../../lib/query-error';
import { useTRPCClient } from '../../lib/trpc';
import { byCursor, usePagedList } from '../../lib/use-paged-list';
import { actionLabel } from './action-label';
import { AuditEntryRow } from './audit-entry-row';

/** Actions offered in the filter's list (every action with an audit allowlist); any other name can be typed. */
const KNOWN_ACTIONS = [...new Set([...Object.values(AUDIT_ACTIONS), ...Object.keys(AUDIT_KEPT_FIELDS)])].sort();

type OutcomeFilter = AuditOutcome | 'all';

/** {base}/audit-log: every change an admin or operator made, newest first, 50 a page (keyset: Load More). */
export function AuditLogPage() {
  const client = useTRPCClient();
  const [actionInput, setActionInput] = useState('');
  const action = useDeferredValue(actionInput.trim());
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const log = usePagedList({
    area: 'audit', list: 'entries', filters: { action, outcome }, paging: byCursor((p: { nextBefore?: string | null }) => p.nextBefore),
    fetchPage: ({ page, signal }) =>
      client.admin.audit.list.query({
        limit: AUDIT_PAGE_SIZE, ...(action ? { action } : {}), ...(outcome !== 'all' ? { outcome } : {}), ...(page ? { before: page } : {}),
      }, { signal }),
    items: (p) => p.entries,
  });
  const entries = log.items;

  const toggle = (id: string) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="audit-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <PageHeader
        id="audit-heading"
        title="Audit Log"
        description="Every change made in the admin area or with the operator CLI, every read of the user list and blocked images, and every refused admin sign-in or call, newest first."
        actions={<AuditFilters outcome={outcome} onOutcome={setOutcome} action={actionInput} onAction={setActionInput} />}
      />

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {log.isPending ? (
          <div role="status" className="flex items-center gap-3 p-6 text-sm text-slate-600">
            <Spinner className="h-5 w-5" /> Loading the audit log…
          </div>
        ) : log.isError && entries.length === 0 ? (
          <div className="p-6 empty:hidden">
            <QueryError error={log.error} fallback="Unable to load the audit log. Please try again." onRetry={() => void log.refetch()} />
          </div>
        ) : entries.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">
            {action ? `No entries for the action ${action}.` : outcome === 'refused' ? 'No refusals have been recorded.' : 'No changes have been recorded yet.'}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">When</th>
                  <th scope="col" className="px-4 py-3">Who</th>
                  <th scope="col" className="px-4 py-3">Action</th>
                  <th scope="col" className="px-4 py-3">Target</th>
                  <th scope="col" className="px-4 py-3">From</th>
                  <th scope="col" className="px-4 py-3">Details</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {entries.map((e) => (
                  <AuditEntryRow key={e.id} entry={e} expanded={open.has(e.id)} onToggle={() => toggle(e.id)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {log.isError && entries.length > 0 && appErrorCode(log.error) !== 'admin_unauthorized' && <Alert>{errorMessage(log.error, 'Unable to load more entries. Please try again.')}</Alert>}
      <LoadMore list={log} />
    </section>
  );
}

/** The log's filters: refusals or changes, and an action (the known ones offered, any other typed). */
function AuditFilters({ outcome, onOutcome, action, onAction }: {
  outcome: OutcomeFilter; onOutcome: (o: OutcomeFilter) => void; action: string; onAction: (a: string) => void;
}) {
  const filterId = useId();
  const outcomeId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="flex flex-col gap-1 sm:w-48">
        <label htmlFor={outcomeId} className="text-sm font-medium text-slate-700">
          Show
        </label>
        <select
          id={outcomeId}
          value={outcome}
          onChange={(e) => onOutcome(e.target.value as OutcomeFilter)}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-indigo-500 focus:outline-none"
        >
          <option value="all">Everything</option>
          <option value="ok">Changes and reads</option>
          <option value="refused">Refusals</option>
        </select>
      </div>
      <div className="flex flex-col gap-1 sm:w-80">
        <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
          Filter by action
        </label>
        <input
          id={filterId}
          list={`${filterId}-actions`}
          value={action}
          onChange={(e) => onAction(e.target.value)}
          placeholder="All actions"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-indigo-500 focus:outline-none"
        />
        <datalist id={`${filterId}-actions`}>
          {KNOWN_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a)}
            </option>
          ))}
        </datalist>
      </div>
    </div>
  );
}
