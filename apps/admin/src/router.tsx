import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ScreenLoading } from './components/screen-loading';
import { paths } from './lib/base-path';
import { RouteError } from './pages/route-error';
import { AdminShell } from './shell/admin-shell';
import { RequireAdmin } from './shell/require-admin';

/**
 * Full paths, no basename: the login page ({base}-login) sits beside the base, not under it.
 * Screens under the base go in the shell's children (relative paths) and their menu item in
 * shell/menu.ts gets the same path. Each screen loads as its own chunk when first visited.
 * A new top-level path needs its word in contracts' RESERVED_USERNAMES (route-names.test.ts).
 */
export const routes: RouteObject[] = [
  {
    path: paths.login,
    lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }),
    hydrateFallbackElement: <ScreenLoading />,
    errorElement: <RouteError />,
  },
  {
    path: paths.home,
    element: (
      <RequireAdmin>
        <AdminShell />
      </RequireAdmin>
    ),
    hydrateFallbackElement: <ScreenLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./shell/dashboard-page')).DashboardPage }) },
      { path: 'inventory-severity', lazy: async () => ({ Component: (await import('./features/severity/severity-page')).SeverityPage }) },
      // settings-and-admin §2.2: two paths, the same gallery.
      { path: 'image-gallery', lazy: async () => ({ Component: (await import('./features/gallery/gallery-page')).GalleryPage }) },
      { path: 'images', lazy: async () => ({ Component: (await import('./features/gallery/gallery-page')).GalleryPage }) },
      { path: 'single-generator', lazy: async () => ({ Component: (await import('./features/generator/generator-page')).GeneratorPage }) },
      { path: 'audit-log', lazy: async () => ({ Component: (await import('./features/audit-log/audit-log-page')).AuditLogPage }) },
      { path: 'blocked-images', lazy: async () => ({ Component: (await import('./features/blocked/blocked-images-page')).BlockedImagesPage }) },
      { path: 'lookbook', lazy: async () => ({ Component: (await import('./features/showcase/showcase-page')).ShowcasePage }) },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
    ],
  },
  { path: '*', element: <Navigate to={paths.home} replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
