import { useRouteError } from 'react-router';
import { Alert, Button } from '@drape/ui';

/** Last resort when a screen throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">Something went wrong</h1>
        <Alert className="mt-4">This admin page could not be shown. Reload the page to try again.</Alert>
        <Button className="mt-5" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </main>
  );
}
