import { cn } from '@drape/ui';
import { Link } from 'react-router';

/** The wordmark; at least 24 px tall (brand guidance, settings-and-admin §9). Its name is its text. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn('group inline-flex min-h-6 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ink', className)}
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-8 w-8 shrink-0">
        <rect width="64" height="64" rx="14" className="fill-ink" />
        <path d="M21 16h12.5C43.2 16 50 22.6 50 32s-6.8 16-16.5 16H21V16Zm7 6v20h5.2c5.8 0 9.6-3.9 9.6-10s-3.8-10-9.6-10H28Z" className="fill-gold-soft" />
        <circle cx="16" cy="48" r="3" className="fill-gold" />
      </svg>
      <span className="font-display text-[1.45rem] font-medium uppercase tracking-[0.18em] text-ink">Drape</span>
    </Link>
  );
}
