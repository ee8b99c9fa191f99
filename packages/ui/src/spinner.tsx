import { Loader2 } from 'lucide-react';
import { cn } from './class-names';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <Loader2 aria-hidden="true" className={cn('h-4 w-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
