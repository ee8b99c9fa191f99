import { lazy, Suspense, use, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { loadDataLayer, loadedDataLayer } from '../lib/data-layer-loader';
import { AppShell } from '../features/layout/app-shell';
import { PageLoading } from '../components/page-loading';
import { AppRoutes, isHomePath } from './router';

const SessionMonitor = lazy(() => import('../features/auth/session-monitor').then((m) => ({ default: m.SessionMonitor })));

/** The app inside the router: the auth state, the data layer where a screen needs it, the shell and the routes. */
export function App() {
  return (
    <AuthProvider>
      <Suspense fallback={<PageLoading />}>
        <DataFrame>
          <AppShell>
            <Suspense fallback={<PageLoading />}>
              <AppRoutes />
            </Suspense>
          </AppShell>
        </DataFrame>
      </Suspense>
      <ScrollToTop />
    </AuthProvider>
  );
}

/**
 * A signed-out visitor's landing is served prerendered and hydrated without the data layer (the
 * query cache, tRPC, the toaster): it fetches its pictures through it after the first paint.
 * Every other screen renders inside it; the landing has usually loaded it by the time a visitor
 * moves on, so that step does not wait either.
 */
function DataFrame({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  if (!isAuthenticated && isHomePath(pathname)) return <>{children}</>;
  const { DataProviders } = loadedDataLayer() ?? use(loadDataLayer());
  return (
    <DataProviders>
      {children}
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <SessionMonitor />
        </Suspense>
      ) : null}
    </DataProviders>
  );
}

/** A new screen starts at the top; back and forward leave the browser's own scroll restoration to work. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}
