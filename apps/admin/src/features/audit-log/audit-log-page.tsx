import { Fragment, useDeferredValue, useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, RefreshCw, ShieldAlert, Terminal, UserCog } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import { AUDIT_ACTIONS, AUDIT_KEPT_FIELDS, AUDIT_PAGE_SIZE, type AuditActorKind, type AuditOutcome } from '@drape/contracts';
import { Alert, Badge, Button, Spinner } from '@drape/ui';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { actionLabel } from './action-label';

/** Actions offered in the filter's list (every action with an audit allowlist); any other name can be typed. */
const KNOWN_ACTIONS = [...new Set([...Object.values(AUDIT_ACTIONS), ...Object.keys(AUDIT_KEPT_FIELDS)])].sort();

type OutcomeFilter = AuditOutcome | 'all';

const ACTOR_ICONS: Record<AuditActorKind, typeof Terminal> = { admin: UserCog, cli: Terminal, anonymous: ShieldAlert };

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A refusal's reason as the badge shows it: ": no token", ": expired". */
function refusalReason(details: Record<string, unknown>): string {
  const reason = details.reason;
  return typeof reason === 'string' ? `: ${reason.replace(/_/g, ' ')}` : '';
}

/** {base}/audit-log: every change an admin or operator made, newest first, 50 a page (keyset: Load More). */
export function AuditLogPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const filterId = useId();
  const outcomeId = useId();
  const [actionInput, setActionInput] = useState('');
  const action = useDeferredValue(actionInput.trim());
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const log = useInfiniteQuery({
    queryKey: [...trpc.admin.audit.list.queryKey(), { action, outcome }],
    queryFn: ({ pageParam }) =>
      client.admin.audit.list.query({
        limit: AUDIT_PAGE_SIZE, ...(action ? { action } : {}), ...(outcome !== 'all' ? { outcome } : {}), ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  const toggle = (id: string) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="audit-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="audit-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Audit Log
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Every change made in the admin area or with the operator CLI, every read of the user list and blocked images, and every refused admin sign-in or call, newest first.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="flex flex-col gap-1 sm:w-48">
            <label htmlFor={outcomeId} className="text-sm font-medium text-slate-700">
              Show
            </label>
            <select
              id={outcomeId}
              value={outcome}
              onChange={(e) => setOutcome(e.target.value as OutcomeFilter)}
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
              value={actionInput}
              onChange={(e) => setActionInput(e.target.value)}
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
      </div>

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {log.isPending ? (
          <div role="status" className="flex items-center gap-3 p-6 text-sm text-slate-600">
            <Spinner className="h-5 w-5" /> Loading the audit log…
          </div>
        ) : log.isError && entries.length === 0 ? (
          appErrorCode(log.error) === 'admin_unauthorized' ? null : (
            <div className="flex flex-col items-start gap-3 p-6">
              <Alert>{errorMessage(log.error, 'Unable to load the audit log. Please try again.')}</Alert>
              <Button variant="outline" onClick={() => void log.refetch()}>
                <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
              </Button>
            </div>
          )
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
                {entries.map((e) => {
                  const expanded = open.has(e.id);
                  const ActorIcon = ACTOR_ICONS[e.actorKind];
                  return (
                    <Fragment key={e.id}>
                      <tr className="align-top">
                        <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                          <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
                        </td>
                        <td className="px-4 py-3">
                          <span className="inline-flex items-center gap-1.5">
                            <ActorIcon aria-hidden="true" className="size-4 text-slate-500" />
                            <Badge tone={e.actorKind === 'admin' ? 'ink' : 'neutral'}>{e.actorKind}</Badge>
                            {e.actorKind !== 'anonymous' && <span className="font-medium break-all text-slate-900">{e.actor}</span>}
                          </span>
                        </td>
                        <td className="px-4 py-3">
                          <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
                            {actionLabel(e.action)}
                            {e.outcome === 'refused' && <Badge tone="danger">Refused{refusalReason(e.details)}</Badge>}
                          </p>
                          <p className="font-mono text-xs break-all text-slate-500">{e.action}</p>
                          {e.repeats > 1 && (
                            <p className="mt-1 text-xs text-slate-600">
                              {e.repeats} times{e.lastAt ? <>, last <time dateTime={e.lastAt}>{when.format(new Date(e.lastAt))}</time></> : null}
                            </p>
                          )}
                        </td>
                        <td className="px-4 py-3 text-slate-700">
                          {e.targetId ? (
                            <>
                              {e.targetType && <span className="text-xs text-slate-500">{e.targetType} </span>}
                              <span className="font-mono text-xs break-all">{e.targetId}</span>
                            </>
                          ) : (
                            <span className="text-slate-400">—</span>
                          )}
                        </td>
                        <td className="px-4 py-3 font-mono text-xs text-slate-600" title={e.userAgent ?? undefined}>
                          {e.ipAddress ?? '—'}
                        </td>
                        <td className="px-4 py-3">
                          <button
                            type="button"
                            aria-expanded={expanded}
                            aria-controls={`audit-details-${e.id}`}
                            onClick={() => toggle(e.id)}
                            className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
                          >
                            {expanded ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
                            {expanded ? 'Hide' : 'Show'}
                            <span className="sr-only"> details of entry {e.id}</span>
                          </button>
                        </td>
                      </tr>
                      {expanded && (
                        <tr id={`audit-details-${e.id}`}>
                          <td colSpan={6} className="bg-slate-50 px-4 py-3">
                            <pre className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">{JSON.stringify(e.details, null, 2)}</pre>
                            {e.userAgent && <p className="mt-2 text-xs break-all text-slate-500">User agent: {e.userAgent}</p>}
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {log.isError && entries.length > 0 && appErrorCode(log.error) !== 'admin_unauthorized' && <Alert>{errorMessage(log.error, 'Unable to load more entries. Please try again.')}</Alert>}
      {log.hasNextPage && (
        <Button variant="outline" className="self-center" pending={log.isFetchingNextPage} pendingLabel="Loading…" onClick={() => void log.fetchNextPage()}>
          Load More
        </Button>
      )}
    </section>
  );
}
