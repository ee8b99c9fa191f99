import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
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
        <PageHeader eyebrow={eyebrow} title={title} description={intro} />
        {children}
      </div>
    </>
  );
}
