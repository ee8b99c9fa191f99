import { gridSizes } from '@drape/ui';

/**
 * The LookBook's and the wardrobe's grid of cards (max-w-7xl px-4 sm:px-6, gap-6, 1/2/3/4 columns
 * at sm/lg/xl): its classes and its column width per breakpoint, the pictures' `sizes`, in one place.
 */
export const LOOK_GRID_CLASSES = 'grid grid-cols-1 items-start gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
export const LOOK_GRID_SIZES = gridSizes({
  maxWidth: 1280, padding: [[0, 16], [640, 24]], columns: [[0, 1], [640, 2], [1024, 3], [1280, 4]], gap: 24, inset: 2,
});

/** The result page's picture: the whole card's width on a phone, 5/11 of the max-w-6xl card from md (border-r 1 px). */
export const RESULT_IMAGE_SIZES = gridSizes({
  maxWidth: 1152, padding: [[0, 16], [640, 24]], columns: [[0, 1]], gap: 0, share: [[768, 5 / 11]], inset: 1,
});
