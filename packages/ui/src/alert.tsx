import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './class-names';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'border-danger/25 bg-danger-soft text-danger',
  warning: 'border-gold/40 bg-gold-soft text-gold-ink',
  success: 'border-success/25 bg-success-soft text-success',
  info: 'border-linen bg-sand text-umber',
};

const icons: Record<AlertTone, LucideIcon> = { error: CircleAlert, warning: TriangleAlert, success: CircleCheck, info: Info };

export interface AlertProps {
  tone?: AlertTone;
  /** Errors and warnings interrupt (alert); confirmations and notes are announced politely (status). */
  role?: 'alert' | 'status';
  /** The tone's icon before the text; off for the compact form messages. */
  icon?: boolean;
  className?: string;
  children: ReactNode;
}

/** A message box; nothing is rendered without a message, so a form can always mount one. */
export function Alert({ tone = 'error', role, icon = true, className, children }: AlertProps) {
  if (!children) return null;
  const Icon = icons[tone];
  return (
    <div
      role={role ?? (tone === 'error' || tone === 'warning' ? 'alert' : 'status')}
      className={cn('flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm leading-relaxed', tones[tone], className)}
    >
      {icon ? <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> : null}
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
