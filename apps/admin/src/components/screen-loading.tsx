import { Spinner } from '@drape/ui';

/** Shown while the first screen's code arrives (each screen is its own chunk). */
export function ScreenLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-3 text-sm text-slate-600">
      <Spinner className="h-5 w-5" />
      Loading…
    </div>
  );
}
