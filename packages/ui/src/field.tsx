import type { ReactNode } from 'react';
import { Alert } from './alert';
import { cn } from './class-names';
import { Label } from './label';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Shown beside the label, e.g. "Optional". */
  aside?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** A live status line under the control (e.g. an availability check); announced politely. */
  status?: ReactNode;
  statusTone?: 'neutral' | 'success' | 'error';
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, and its hint / status / error, wired with ids for assistive technology. */
export function Field({ id, label, aside, hint, error, status, statusTone = 'neutral', className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const statusId = `${id}-status`;
  const describedBy = [hintId, status ? statusId : undefined, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {aside ? <span className="text-xs text-taupe">{aside}</span> : null}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs leading-relaxed text-taupe">
          {hint}
        </p>
      ) : null}
      <p
        id={statusId}
        aria-live="polite"
        className={cn(
          'text-xs leading-relaxed empty:hidden',
          statusTone === 'success' && 'text-success',
          statusTone === 'error' && 'text-danger',
          statusTone === 'neutral' && 'text-taupe',
        )}
      >
        {status}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium leading-relaxed text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: an error or a notice above the submit button. */
export function FormMessage({ tone = 'error', children, className }: { tone?: 'error' | 'success' | 'info'; children: ReactNode; className?: string }) {
  return (
    <Alert tone={tone} icon={false} className={className}>
      {children}
    </Alert>
  );
}
