import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_TOKEN_STORAGE_KEY } from '@drape/contracts/admin';
import { adminTokenStatus, clearAdminToken } from '../lib/admin-token';
import { paths } from '../lib/base-path';
import { endAdminSession, type LoginLocationState } from '../lib/session';

/** The longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMEOUT = 2_147_483_647;

/**
 * Every screen under the admin base needs a stored admin token that decodes and has not expired;
 * otherwise the token is removed and the user goes to the admin login. The check runs on every
 * navigation, when the token's expiry passes, when the tab becomes visible again, and when another
 * tab changes the stored token.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  // Subscribed for its re-render: the token is re-checked on every navigation.
  useLocation();
  const status = adminTokenStatus();
  const expiresAtMs = status.state === 'valid' ? status.expiresAtMs : null;

  useEffect(() => {
    if (expiresAtMs === null) return;
    const recheck = () => {
      if (adminTokenStatus().state !== 'valid') endAdminSession('expired');
    };
    const timer = window.setTimeout(recheck, Math.min(Math.max(expiresAtMs - Date.now(), 0) + 500, MAX_TIMEOUT));
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === ADMIN_TOKEN_STORAGE_KEY) recheck();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [expiresAtMs]);

  if (status.state !== 'valid') {
    clearAdminToken();
    const state: LoginLocationState = { notice: 'expired' };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <>{children}</>;
}
