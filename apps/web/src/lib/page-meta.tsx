import { PRERENDER_ORIGIN } from '@drape/contracts/landing';

const SITE = 'Drape';
const DEFAULT_DESCRIPTION = 'Drape is your personalized AI fashion stylist: outfit ideas for every trend, palette and occasion.';

export interface PageMetaProps {
  title?: string;
  description?: string;
  /** Pages that must stay out of search results (the auth page, account screens). */
  noindex?: boolean;
  /** The canonical path; defaults to the current path without its query. */
  path?: string;
}

/**
 * The site's public origin, for canonical and social URLs: the one the server names in every page
 * it sends (`drape-origin`), whatever host the page was reached by. Prerendered at build, where it
 * is not known yet, a placeholder the server replaces; without the server (the dev server), this
 * window's.
 */
function siteOrigin(): string {
  if (typeof document === 'undefined') return PRERENDER_ORIGIN;
  return document.querySelector<HTMLMetaElement>('meta[name="drape-origin"]')?.content || window.location.origin;
}

/** Title, description, social tags, robots and canonical for one page (React 19 hoists them into <head>). */
export function PageMeta({ title, description = DEFAULT_DESCRIPTION, noindex = false, path }: PageMetaProps) {
  const fullTitle = title ? `${title} | ${SITE}` : `${SITE} | Your Personalized AI Fashion Stylist`;
  const canonical = `${siteOrigin()}${path ?? (typeof window === 'undefined' ? '/' : window.location.pathname)}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
