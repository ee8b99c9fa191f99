import { lazy, Suspense, use, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { refreshPlatformStatus, useMaintenance } from '../lib/platform-status';
import { loadDataLayer, loadedDataLayer, useLoadedDataLayer } from '../lib/data-layer-loader';
import { AppShell } from '../features/layout/app-shell';
import { PageLoading } from '../components/page-loading';
import { AppRoutes, isHomePath } from './router';

const MaintenancePage = lazy(() => import('../features/maintenance/maintenance-page').then((m) => ({ default: m.MaintenancePage })));
const SessionMonitor = lazy(() => import('../features/auth/session-monitor').then((m) => ({ default: m.SessionMonitor })));

/**
 * The app inside the router: the auth state, the data layer where a screen needs it, the shell and
 * the routes; during Maintenance Mode (a call answered 503 `maintenance`, or the status read at
 * start said so) the maintenance page instead, whatever the address.
 */
export function App() {
  const maintenance = useMaintenance();
  useEffect(() => {
    void refreshPlatformStatus();
  }, []);
  return (
    <AuthProvider>
      {maintenance ? (
        <Suspense fallback={<PageLoading />}>
          <MaintenancePage message={maintenance} />
        </Suspense>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <DataFrame>
            <AppShell>
              <Suspense fallback={<PageLoading />}>
                <AppRoutes />
              </Suspense>
            </AppShell>
          </DataFrame>
        </Suspense>
      )}
      <AppToaster />
      <ScrollToTop />
    </AuthProvider>
  );
}

/**
 * A signed-out visitor's landing is served prerendered and hydrated without the data layer (the
 * query cache and tRPC in their providers): it fetches its pictures through the data client after
 * its first paint. Every other screen renders inside it. Moving on from the landing loads it with
 * the next screen's chunk; navigations are transitions, so the landing stays on screen meanwhile.
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

/**
 * Toasts come from screens inside the data layer; the toaster comes with it and stays: the toast
 * of a logout or an account deletion shows on the landing they lead to. It mounts in a background
 * render (a prerendered page learns of the layer as hydration ends, with every effect of the page
 * to run in the same task).
 */
function AppToaster() {
  const layer = useDeferredValue(useLoadedDataLayer());
  return layer ? <layer.Toaster /> : null;
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
