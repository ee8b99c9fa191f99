import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { authStore } from '../../lib/auth-store';
import { routes } from '../../lib/routes';

/** Signed-in screens: a signed-out visitor gets the auth screen and comes back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    // A user who just signed out goes home (user-area §4: logout goes to /), not back to sign-in.
    if (authStore.get().endedByUser) return <Navigate to="/" replace />;
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={routes.auth({ returnUrl })} replace />;
  }
  return <>{children}</>;
}
