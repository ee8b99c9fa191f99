import { appErrorCode, errorMessage } from '@drape/client';
import { LoadError } from '../components/load-error';

/**
 * A failed load with a way to ask again; nothing for an expired session, which has already ended
 * and sent the admin to the login page that says why.
 */
export function QueryError({ error, fallback, onRetry, retrying }: { error: unknown; fallback: string; onRetry: () => void; retrying?: boolean }) {
  if (appErrorCode(error) === 'admin_unauthorized') return null;
  return <LoadError message={errorMessage(error, fallback)} onRetry={onRetry} retrying={retrying} />;
}
