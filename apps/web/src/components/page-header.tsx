import { cn } from '@drape/ui';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** The small label above the title: the section ('Account'), or a badge. */
  eyebrow?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Links or buttons beside the title on wide screens, under it on a phone. */
  actions?: ReactNode;
  className?: string;
}

/** The top of a page: its one h1, in the display face, with what introduces it. */
export function PageHeader({ title, eyebrow, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="flex min-w-0 flex-col gap-2">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="font-display text-4xl font-medium tracking-tight sm:text-5xl">{title}</h1>
        {description ? <p className="max-w-2xl text-lg leading-relaxed text-taupe">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
    </header>
  );
}
