/**
 * The `sizes` attribute of a picture that fills one column of a centred, padded grid: the slot's
 * real width at each breakpoint, so that the browser fetches the file that is sharp there and no
 * larger. Widths are CSS pixels and breakpoints min-widths, as Tailwind's (sm 640, md 768, lg 1024,
 * xl 1280).
 */
export interface GridLayout {
  /** The container's max width (max-w-7xl: 1280); above it the slot has a fixed width. */
  maxWidth: number;
  /** The container's padding on each side from each min-width (px-4 sm:px-6: [[0, 16], [640, 24]]). */
  padding: readonly (readonly [minWidth: number, px: number])[];
  /** The column count from each min-width ([[0, 1], [640, 2]]). */
  columns: readonly (readonly [minWidth: number, count: number])[];
  /** The gap between columns (gap-6: 24). */
  gap: number;
  /** The share of the container the grid takes (the result page's picture: 5/11 of it); 1 by default. */
  share?: readonly (readonly [minWidth: number, fraction: number])[];
  /** Subtracted from the slot (a card's borders). */
  inset?: number;
}

const at = <T>(steps: readonly (readonly [number, T])[], width: number, fallback: T): T =>
  [...steps].sort((a, b) => a[0] - b[0]).filter(([min]) => min <= width).at(-1)?.[1] ?? fallback;

const round = (n: number) => Math.round(n * 100) / 100;

export function gridSizes(layout: GridLayout): string {
  const breakpoints = [...new Set([0, layout.maxWidth, ...layout.padding.map(([w]) => w), ...layout.columns.map(([w]) => w), ...(layout.share ?? []).map(([w]) => w)])]
    .filter((w) => w <= layout.maxWidth)
    .sort((a, b) => b - a);
  return breakpoints
    .map((min) => {
      const pad = at(layout.padding, min, 0);
      const count = at(layout.columns, min, 1);
      const share = at(layout.share ?? [], min, 1);
      const fixedPart = (2 * pad * share + (count - 1) * layout.gap) / count + (layout.inset ?? 0);
      const slot = min === layout.maxWidth
        ? `${Math.ceil((layout.maxWidth * share - 2 * pad * share - (count - 1) * layout.gap) / count - (layout.inset ?? 0))}px`
        : `calc(${round((100 * share) / count)}vw - ${round(fixedPart)}px)`;
      return min === 0 ? slot : `(min-width: ${min}px) ${slot}`;
    })
    .join(', ');
}
