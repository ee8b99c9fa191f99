import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; its error is tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, className, ref, ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'min-h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm transition-colors placeholder:text-slate-400 sm:text-sm',
          'focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0',
          error ? 'border-red-500 focus-visible:outline-red-500' : 'border-slate-300 hover:border-slate-400 focus-visible:outline-indigo-500',
        )}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
