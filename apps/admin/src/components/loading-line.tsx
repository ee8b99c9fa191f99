import { Spinner } from '@drape/ui';

/** A panel's data on its way: one line, announced to screen readers. */
export function LoadingLine() {
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner className="h-4 w-4" />
      Loading…
    </div>
  );
}
