import clsx from 'clsx';
import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'error' | 'warning' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/** A message box. role="alert" for things that just went wrong, role="status" for quiet notes. */
export function Alert({ tone = 'error', role = 'alert', children, className }: { tone?: Tone; role?: 'alert' | 'status'; children: ReactNode; className?: string }) {
  const Icon = tone === 'info' ? Info : CircleAlert;
  return (
    <div role={role} className={clsx('flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm', tones[tone], className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
