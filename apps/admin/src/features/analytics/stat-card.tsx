import { useId } from 'react';

const numbers = new Intl.NumberFormat();

/** One figure: a region named by its label, so a reader (and a test) finds it by name. */
export function StatCard({ label, value, hint }: { label: string; value: number; hint?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h4 id={id} className="text-sm font-medium text-slate-600">
        {label}
      </h4>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{numbers.format(value)}</p>
      {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
    </section>
  );
}

export function StatSkeletons({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-[92px] animate-pulse rounded-xl border border-slate-200 bg-slate-200/60" />
      ))}
    </div>
  );
}
