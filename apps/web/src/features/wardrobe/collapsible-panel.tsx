import { cn } from '@drape/ui';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export interface CollapsiblePanelProps {
  title: string;
  Icon: LucideIcon;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown after the title in the heading's button (a count, a badge). */
  extra?: ReactNode;
  children: ReactNode;
}

/** A section whose heading is the button that shows or hides it (Filter & Organize, Smart Collections). */
export function CollapsiblePanel({ title, Icon, open, onOpenChange, extra, children }: CollapsiblePanelProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-[var(--radius-card)] border border-linen bg-paper">
      <h2 id={`${id}-heading`} className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => onOpenChange(!open)}
          className="flex w-full cursor-pointer items-center gap-3 rounded-[var(--radius-card)] px-5 py-4 text-left font-display text-lg font-medium text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
        >
          <Icon aria-hidden="true" className="h-4 w-4 text-gold-ink" />
          {title}
          {extra}
          <ChevronDown aria-hidden="true" className={cn('ml-auto h-5 w-5 text-taupe transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open} className="border-t border-linen px-5 pb-5 pt-4">
        {children}
      </div>
    </section>
  );
}
