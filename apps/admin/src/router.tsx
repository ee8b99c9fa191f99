import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from './lib/base-path';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { RouteError } from './pages/route-error';
import { WelcomePage } from './pages/welcome-page';
import { AdminShell } from './shell/admin-shell';
import { RequireAdmin } from './shell/require-admin';

/**
 * Full paths, no basename: the login page ({base}-login) sits beside the base, not under it.
 * Screens under the base go in the shell's children (relative paths) and their menu item in
 * shell/menu.ts gets the same path.
 */
export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: paths.home,
    element: (
      <RequireAdmin>
        <AdminShell />
      </RequireAdmin>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <WelcomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <Navigate to={paths.home} replace /> },
]);
