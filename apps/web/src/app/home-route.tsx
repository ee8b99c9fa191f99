import { useAuth } from '../lib/auth-context';
import { authStore } from '../lib/auth-store';
import { lazyRoute } from './lazy-route';

const DashboardPage = lazyRoute(() => import('../features/dashboard/dashboard-page'));
const LandingPage = lazyRoute(() => import('../features/landing/landing-page'));

/** `/`: the dashboard when signed in, otherwise the landing page (user-area §2). */
export function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <DashboardPage /> : <LandingPage />;
}
HomeRoute.preload = () => (authStore.get().token ? DashboardPage.preload() : LandingPage.preload());
