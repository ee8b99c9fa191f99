import { lazy } from 'react';
import { useAuth } from '../auth/auth-context';

const DashboardPage = lazy(() => import('../dashboard/dashboard-page'));
const LandingPage = lazy(() => import('./landing-page'));

/** `/`: the dashboard when signed in, otherwise the landing page (user-area §2). */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <DashboardPage /> : <LandingPage />;
}
