import { lazy } from 'react';
import { useAuth } from '../lib/auth-context';

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const LandingPage = lazy(() => import('../features/landing/landing-page'));

/** `/`: the dashboard when signed in, otherwise the landing page (user-area §2). */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <DashboardPage /> : <LandingPage />;
}
