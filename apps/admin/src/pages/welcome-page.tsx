import { useQuery } from '@tanstack/react-query';
import { KeyRound, RefreshCw } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import { Alert, Button, Spinner } from '@drape/ui';
import { adminTokenStatus } from '../lib/admin-token';
import { useTRPC } from '../lib/trpc';

function formatExpiry(ms: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' }).format(ms);
}

/** The dashboard's landing panel: who is signed in, until when. */
export function WelcomePage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.admin.me.queryOptions());
  const status = adminTokenStatus();

  return (
    <section aria-labelledby="welcome-heading" className="mx-auto max-w-3xl">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {me.isPending ? (
          <div role="status" className="flex items-center gap-3 text-slate-600">
            <Spinner className="h-5 w-5" />
            <h1 id="welcome-heading" className="text-base font-medium">
              Loading your admin account…
            </h1>
          </div>
        ) : me.isError ? (
          <div className="flex flex-col items-start gap-4">
            <h1 id="welcome-heading" className="text-xl font-semibold tracking-tight">
              Welcome
            </h1>
            {appErrorCode(me.error) !== 'admin_unauthorized' && (
              <>
                <Alert>{errorMessage(me.error, 'Unable to load your admin account. Please try again.')}</Alert>
                <Button variant="outline" onClick={() => void me.refetch()}>
                  <RefreshCw aria-hidden="true" className="h-4 w-4" />
                  Try again
                </Button>
              </>
            )}
          </div>
        ) : (
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <KeyRound aria-hidden="true" className="size-6" />
            </div>
            <div className="min-w-0">
              <h1 id="welcome-heading" className="text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl">
                Welcome, {me.data.adminKey}
              </h1>
              <p className="mt-2 text-sm text-slate-600">
                You are signed in to the Drape admin area with the admin key <strong className="font-semibold break-all text-slate-900">{me.data.adminKey}</strong>.
              </p>
              {status.state === 'valid' && (
                <p className="mt-1 text-sm text-slate-600">
                  This session ends at <time dateTime={new Date(status.expiresAtMs).toISOString()}>{formatExpiry(status.expiresAtMs)}</time>; you will be asked to log in again then.
                </p>
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
