import { buttonClasses } from '@drape/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { Logo } from './logo';

const MemberNav = lazy(() => import('./member-nav'));

export function SiteHeader() {
  const { isAuthenticated } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-linen/80 bg-ivory/90 backdrop-blur-md supports-[backdrop-filter]:bg-ivory/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {isAuthenticated ? (
          <Suspense fallback={<div className="h-10" />}>
            <MemberNav />
          </Suspense>
        ) : <GuestNav />}
      </div>
    </header>
  );
}

function GuestNav() {
  return (
    <nav aria-label="Account" className="flex items-center gap-2">
      <Link to="/auth" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        Login
      </Link>
      <Link to="/signup" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
        Sign Up
      </Link>
    </nav>
  );
}
