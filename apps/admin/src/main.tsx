import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '@drape/ui';
import { httpStatus } from '@drape/client';
import { paths } from './lib/base-path';
import { onSessionEnd, type LoginLocationState } from './lib/session';
import { queryClient, trpcClient, TRPCProvider } from './lib/trpc';
import { createRouter } from './router';
import './index.css';

const router = createRouter();

// Leaving the admin session (logout, expiry, a 401 from any admin call): go to the login page; an
// expiry carries the session-expired notice.
// The login page drops the cached answers once the screens have unmounted (clearing here would make
// still-mounted queries fetch again, without a token).
onSessionEnd((reason) => {
  void queryClient.cancelQueries();
  const state: LoginLocationState | undefined = reason === 'expired' ? { notice: 'expired' } : undefined;
  void router.navigate(paths.login, { replace: true, state });
});

// settings-and-admin §4: unhandled rejections with status 401 or 403 are suppressed and logged.
window.addEventListener('unhandledrejection', (event) => {
  const status = httpStatus(event.reason);
  if (status === 401 || status === 403) {
    event.preventDefault();
    console.warn('Admin call refused', status, event.reason);
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('The admin page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
