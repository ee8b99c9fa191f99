import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RequireAuth } from '../features/auth/require-auth';
import { HomeRoute } from './home-route';
import { AppRoot } from './app-root';

// Route-level code splitting: each screen is its own chunk.
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const AuthDemoPage = lazy(() => import('../features/auth/auth-demo-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const OutfitResultPage = lazy(() => import('../features/outfit-result/outfit-result-page'));
const SharedOutfitPage = lazy(() => import('../features/shared-outfit/shared-outfit-page'));
const WardrobePage = lazy(() => import('../features/wardrobe/wardrobe-page'));
const LookbookPage = lazy(() => import('../features/lookbook/lookbook-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const TiersPage = lazy(() => import('../features/info/tiers-page'));
const AboutPage = lazy(() => import('../features/info/about-page'));
const PrivacyPage = lazy(() => import('../features/info/privacy-page'));
const TermsPage = lazy(() => import('../features/info/terms-page'));
const LogoPreviewPage = lazy(() => import('../features/brand/logo-preview-page'));
const ReferralRoute = lazy(() => import('../features/referral/referral-route'));
const NotFoundPage = lazy(() => import('../components/not-found-page'));

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    children: [
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
    ],
  },
]);
