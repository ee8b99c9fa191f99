import { RefreshCw } from 'lucide-react';
import { Alert, Button } from '@drape/ui';

/** A failed load: the message and a way to ask again. */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{message}</Alert>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Try again
      </Button>
    </div>
  );
}
