import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The heading's id: the screen's section is labelled by it. */
  id: string;
  title: string;
  description?: ReactNode;
  /** The screen's own actions, at the heading's right on wide screens (Cleanup, Clear Pipeline...). */
  actions?: ReactNode;
  /** h1 for a screen of the side menu, h2 for a tab of the dashboard. */
  level?: 1 | 2;
}

/** The title, one line of what the screen is for, and its actions. */
export function PageHeader({ id, title, description, actions, level = 1 }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <Heading id={id} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
          {title}
        </Heading>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
