import { cn } from '@drape/ui';

/** The Drape "D" mark (decorative; the wordmark beside it carries the name). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={cn('shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path d="M10 8h6.5a8 8 0 0 1 0 16H10z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
