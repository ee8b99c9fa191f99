import type { ReactNode } from 'react';

/** A titled card of an admin screen; `aside` sits at the title's right (counts, a filter, a refresh). */
export function Panel({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-slate-900 sm:text-lg">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
