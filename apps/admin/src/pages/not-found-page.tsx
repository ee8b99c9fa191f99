import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@drape/ui';
import { paths } from '../lib/base-path';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 id="not-found-heading" className="text-xl font-semibold tracking-tight text-slate-900">
        Page not found
      </h1>
      <p className="mt-2 text-sm break-words text-slate-600">
        There is no admin page at <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">{pathname}</code>.
      </p>
      <Link
        to={paths.home}
        className={buttonClasses({ variant: 'outline', className: 'mt-5' })}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to dashboard
      </Link>
    </section>
  );
}
