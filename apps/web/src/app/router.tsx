import { Children, isValidElement, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { HomeRoute } from './home-route';
import { lazyRoute } from './lazy-route';

// Route-level code splitting: each screen is its own chunk.
const AuthPage = lazyRoute(() => import('../features/auth/auth-page'));
const ResetPasswordPage = lazyRoute(() => import('../features/auth/reset-password-page'));
const AuthDemoPage = lazyRoute(() => import('../features/auth/auth-demo-page'));
const DashboardPage = lazyRoute(() => import('../features/dashboard/dashboard-page'));
const OutfitResultPage = lazyRoute(() => import('../features/outfit-result/outfit-result-page'));
const SharedOutfitPage = lazyRoute(() => import('../features/shared-outfit/shared-outfit-page'));
const WardrobePage = lazyRoute(() => import('../features/wardrobe/wardrobe-page'));
const LookbookPage = lazyRoute(() => import('../features/lookbook/lookbook-page'));
const ClosetPage = lazyRoute(() => import('../features/closet/closet-page'));
const ProfilePage = lazyRoute(() => import('../features/profile/profile-page'));
const SettingsPage = lazyRoute(() => import('../features/settings/settings-page'));
const TiersPage = lazyRoute(() => import('../features/info/tiers-page'));
const AboutPage = lazyRoute(() => import('../features/info/about-page'));
const PrivacyPage = lazyRoute(() => import('../features/info/privacy-page'));
const TermsPage = lazyRoute(() => import('../features/info/terms-page'));
const LogoPreviewPage = lazyRoute(() => import('../features/brand/logo-preview-page'));
const ReferralRoute = lazyRoute(() => import('../features/referral/referral-route'));
const NotFoundPage = lazyRoute(() => import('../components/not-found-page'));

/**
 * The routes, in React Router's declarative mode: its data router (loaders, actions, fetchers,
 * none of which the app uses) would double the router's weight in every page's first load.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <HomeRoute /> },
  { path: '/auth', element: <AuthPage tab="login" /> },
  { path: '/login', element: <AuthPage tab="login" /> },
  { path: '/signup', element: <AuthPage tab="register" /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth-demo', element: <AuthDemoPage /> },
  { path: '/dashboard', element: <RequireAuth><DashboardPage /></RequireAuth> },
  { path: '/outfit-result', element: <RequireAuth><OutfitResultPage /></RequireAuth> },
  { path: '/outfit/:imageId', element: <SharedOutfitPage /> },
  { path: '/wardrobe', element: <RequireAuth><WardrobePage /></RequireAuth> },
  { path: '/lookbook', element: <RequireAuth><LookbookPage /></RequireAuth> },
  { path: '/pieces', element: <RequireAuth><ClosetPage /></RequireAuth> },
  { path: '/profile', element: <RequireAuth><ProfilePage /></RequireAuth> },
  { path: '/settings', element: <RequireAuth><SettingsPage /></RequireAuth> },
  { path: '/tiers', element: <TiersPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/logo-preview', element: <LogoPreviewPage /> },
  // user-area §2: the old admin paths show the landing page or the dashboard.
  { path: '/admin', element: <HomeRoute /> },
  { path: '/admin-login', element: <HomeRoute /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '/:username', element: <ReferralRoute /> },
  { path: '*', element: <NotFoundPage /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}

const homePaths = new Map<string, boolean>();

/**
 * Whether `pathname` shows the home route (the landing when signed out). Remembered per path: the
 * app's frame asks on every render, and matching ranks every route afresh each time.
 */
export function isHomePath(pathname: string): boolean {
  let home = homePaths.get(pathname);
  if (home === undefined) {
    const element = matchRoutes(routes, pathname)?.[0]?.route.element;
    home = isValidElement(element) && element.type === HomeRoute;
    if (homePaths.size < 100) homePaths.set(pathname, home);
  }
  return home;
}

function preloadsOf(node: ReactNode): Promise<void>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const { preload } = node.type as { preload?: () => Promise<void> };
  return [...(preload ? [preload()] : []), ...Children.toArray(node.props.children).flatMap(preloadsOf)];
}

/** Loads the chunk of the screen at `pathname`, so that the first render neither waits nor suspends. */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(preloadsOf(matchRoutes(routes, pathname)?.[0]?.route.element));
}
