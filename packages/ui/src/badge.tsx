import type { HTMLAttributes } from 'react';
import { cn } from './class-names';

export type BadgeTone = 'neutral' | 'gold' | 'ink' | 'success' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-sand text-umber border-linen',
  gold: 'bg-gold-soft text-gold-ink border-gold/40',
  ink: 'bg-ink text-ivory border-ink',
  success: 'bg-success-soft text-success border-success/25',
  danger: 'bg-danger-soft text-danger border-danger/25',
};

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium uppercase tracking-[0.08em]',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
