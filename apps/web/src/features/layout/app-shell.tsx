import { cn } from '@drape/ui';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth-context';
import { MobileTabBar } from './mobile-tab-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppShell({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <div className={cn('flex min-h-dvh flex-col', isAuthenticated && 'pb-16 md:pb-0')}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-sm text-ivory focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a screen tall (below the 4rem header): the footer starts below the fold, so a
          screen whose content arrives after its loading state moves nothing in view. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <MobileTabBar />
    </div>
  );
}
