import { gridSizes } from '@drape/ui';

/**
 * The admin's look grids' column widths per breakpoint (their pictures' `sizes`): main pads
 * px-4 sm:px-6 lg:px-8 beside the side menu from md (counted collapsed, 72 px, so that a picture
 * is never fetched too small), and the page's box is max-w-7xl.
 */
const page = { maxWidth: 1280, padding: [[0, 16], [640, 24], [1024, 32]], paddingOutside: true, offset: [[768, 72]] } as const;

/** The gallery: grid-cols-1 sm:2 lg:3 xl:4, gap-4, cards with a 1 px border. */
export const GALLERY_SIZES = gridSizes({ ...page, columns: [[0, 1], [640, 2], [1024, 3], [1280, 4]], gap: 16, inset: 2 });

/** The showcase manager: grid-cols-2 sm:4 lg:6, gap-3. */
export const SHOWCASE_SIZES = gridSizes({ ...page, columns: [[0, 2], [640, 4], [1024, 6]], gap: 12 });
