import { ChevronDown, ChevronRight, ShieldAlert, Terminal, UserCog } from 'lucide-react';
import type { AuditActorKind } from '@drape/contracts/admin';
import { Badge } from '@drape/ui';
import type { trpcClient } from '../../lib/trpc';
import { actionLabel } from './action-label';

/** One entry as the log's list answers it. */
export type AuditEntry = Awaited<ReturnType<typeof trpcClient.admin.audit.list.query>>['entries'][number];

const ACTOR_ICONS: Record<AuditActorKind, typeof Terminal> = { admin: UserCog, cli: Terminal, anonymous: ShieldAlert };

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A refusal's reason as the badge shows it: ": no token", ": expired". */
function refusalReason(details: Record<string, unknown>): string {
  const reason = details.reason;
  return typeof reason === 'string' ? `: ${reason.replace(/_/g, ' ')}` : '';
}

/** One entry of the log: when, who, what, on what, from where; its details open below it. */
export function AuditEntryRow({ entry: e, expanded, onToggle }: { entry: AuditEntry; expanded: boolean; onToggle: () => void }) {
  const ActorIcon = ACTOR_ICONS[e.actorKind];
  return (
    <>
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
            onClick={onToggle}
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
    </>
  );
}
