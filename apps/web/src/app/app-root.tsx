import { Toaster } from '@drape/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AuthProvider } from '../lib/auth-context';
import { SessionMonitor } from '../features/auth/session-monitor';
import { AppShell } from '../features/layout/app-shell';
import { PageLoading } from '../components/page-loading';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';
import { queryClient } from './query-client';

/** The providers every route shares, inside the router so that they can navigate. */
export function AppRoot() {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <AuthProvider>
          <AppShell>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AppShell>
          <SessionMonitor />
          <Toaster />
          <ScrollRestoration />
        </AuthProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
