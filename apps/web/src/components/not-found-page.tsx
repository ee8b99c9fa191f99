import { buttonClasses } from '@drape/ui';
import { Link } from 'react-router';
import { PageMeta } from '../lib/page-meta';

/** Unknown paths (the router's catch-all) and reserved words at /{username} (the referral route). */
export default function NotFoundPage() {
  return (
    <>
      <PageMeta title="Page Not Found" noindex />
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <p className="eyebrow">Error 404</p>
        <h1 className="font-display text-3xl font-medium tracking-tight text-ink">404 Page Not Found</h1>
        <p className="text-taupe">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
          Back to Home
        </Link>
      </div>
    </>
  );
}
