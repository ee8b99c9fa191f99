/**
 * The brand assets: their sizes and where they are served. The build makes them from the one master
 * logo (apps/web/brand/logo.svg, by scripts/brand-assets.ts); the server and the /logo-preview page
 * name them from here.
 */

/** Brand guidance (settings-and-admin §9, user-area §2): the logo is never shown smaller. */
export const LOGO_MIN_HEIGHT_PX = 24;

/** Brand guidance (settings-and-admin §9, user-area §2). */
export const FAVICON_SIZES = [16, 32, 48, 64] as const;
export type FaviconSize = (typeof FAVICON_SIZES)[number];

/** The sizes inside favicon.ico: browsers pick 16 or 32, Windows' shortcuts 48. */
export const ICO_SIZES = [16, 32, 48] as const satisfies readonly FaviconSize[];

/** The official logo, a PNG (settings-and-admin §2.1). */
export const OFFICIAL_LOGO_PATH = '/api/assets/logo/official';

/** The made assets, under the web app's public folder (and so at the site's root). */
export const BRAND_DIR = '/brand';

export const BRAND_FILES = {
  logo: `${BRAND_DIR}/logo.svg`,
  logoOnDark: `${BRAND_DIR}/logo-on-dark.svg`,
  faviconSvg: `${BRAND_DIR}/favicon.svg`,
  faviconIco: `${BRAND_DIR}/favicon.ico`,
  favicon: (size: FaviconSize) => `${BRAND_DIR}/favicon-${size}.png`,
  appleTouchIcon: `${BRAND_DIR}/apple-touch-icon.png`,
  icon: (size: 192 | 512) => `${BRAND_DIR}/icon-${size}.png`,
  maskableIcon: `${BRAND_DIR}/icon-maskable-512.png`,
  manifest: `${BRAND_DIR}/manifest.webmanifest`,
} as const;
