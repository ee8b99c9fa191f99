import { Toaster } from '@drape/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, trpcClient } from './data-client';
import { TRPCProvider } from './trpc';

/**
 * What every screen but the signed-out landing renders inside: the query cache and the tRPC
 * client in their providers, and the toaster. Its own chunk, so that the landing's first load
 * carries none of it.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  );
}

export { toast } from '@drape/ui';
