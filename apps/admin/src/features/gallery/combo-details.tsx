import { useQuery } from '@tanstack/react-query';
import { Button, Spinner } from '@drape/ui';
import { useTRPC } from '../../lib/trpc';

const count = new Intl.NumberFormat();

/**
 * A combination's names, counts, severity and prompt (GET /api/admin/combo-details/{code}); the
 * cache holds it by code, so cards of the same combination ask once (§7.2).
 */
export function ComboDetails({ code }: { code: string }) {
  const trpc = useTRPC();
  const details = useQuery({ ...trpc.admin.gallery.comboDetails.queryOptions({ combinationCode: code }), staleTime: 5 * 60_000 });
  if (details.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading combination…
      </p>
    );
  }
  if (details.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        Unable to load the combination details.
        <Button size="sm" variant="outline" onClick={() => void details.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const d = details.data;
  const rows: [string, string][] = [
    ['Gender', d.gender],
    [d.selection.kind === 'palette' ? 'Season' : d.selection.kind === 'occasion' ? 'Occasion' : 'Trend', d.selection.name],
    ['Style vibe', d.styleVibe ?? 'Any'],
    ['Skin tone', d.skinTone ?? 'Any'],
    ['Body shape', d.bodyShape ?? 'Any'],
    ['Images', `${count.format(d.images.total)} (${count.format(d.images.viewable)} active, ${count.format(d.images.lookbook)} LookBook, ${count.format(d.images.archived)} archived)`],
    ['Severity', `${d.severity} (counter ${count.format(d.imageCount)})`],
  ];
  return (
    <div className="flex flex-col gap-2 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="rounded-lg bg-slate-50 p-2">
        <summary className="cursor-pointer text-xs font-medium text-slate-700">Prompt</summary>
        <p className="mt-1 text-xs whitespace-pre-wrap text-slate-700">{d.prompt}</p>
      </details>
    </div>
  );
}
