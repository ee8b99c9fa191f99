import type { ReactNode } from 'react';
import { PageMeta } from '../../lib/page-meta';

export function InfoPageLayout({
  eyebrow, title, intro, description, path, children, width = 'narrow',
}: {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  description: string;
  path: string;
  children: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <>
      <PageMeta title={title} description={description} path={path} />
      <div className={`mx-auto flex w-full flex-col gap-10 px-4 py-12 sm:px-6 md:py-16 ${width === 'wide' ? 'max-w-6xl' : 'max-w-3xl'}`}>
        <header className="flex flex-col gap-3">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="font-display text-4xl font-medium tracking-tight sm:text-5xl">{title}</h1>
          {intro ? <div className="max-w-2xl text-lg leading-relaxed text-taupe">{intro}</div> : null}
        </header>
        {children}
      </div>
    </>
  );
}
