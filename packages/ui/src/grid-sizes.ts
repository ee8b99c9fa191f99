/**
 * The `sizes` attribute of a picture that fills one column of a centred, padded grid: the slot's
 * real width at each breakpoint, so that the browser fetches the file that is sharp there and no
 * larger. Widths are CSS pixels and breakpoints min-widths, as Tailwind's (sm 640, md 768, lg 1024,
 * xl 1280).
 */
type Steps = readonly (readonly [minWidth: number, value: number])[];

export interface GridLayout {
  /** The container's max width (max-w-7xl: 1280); above it the slot has a fixed width. */
  maxWidth: number;
  /** The padding on each side from each min-width (px-4 sm:px-6: [[0, 16], [640, 24]]). */
  padding: Steps;
  /** The padding is outside the max-width box (the admin's main pads, the page's box inside has the max width); inside by default. */
  paddingOutside?: boolean;
  /** The viewport's width taken beside the page from each min-width (the admin's side menu). */
  offset?: Steps;
  /** The column count from each min-width ([[0, 1], [640, 2]]). */
  columns: Steps;
  /** The gap between columns (gap-6: 24). */
  gap: number;
  /** The share of the container the grid takes (the result page's picture: 5/11 of it); 1 by default. */
  share?: Steps;
  /** Subtracted from the slot (a card's borders). */
  inset?: number;
}

const at = (steps: Steps, width: number, fallback: number): number =>
  [...steps].sort((a, b) => a[0] - b[0]).filter(([min]) => min <= width).at(-1)?.[1] ?? fallback;

const round = (n: number) => Math.round(n * 100) / 100;

export function gridSizes(layout: GridLayout): string {
  const steps = [layout.padding, layout.columns, layout.offset ?? [], layout.share ?? []].flatMap((s) => s.map(([w]) => w));
  const widest = Math.max(0, ...steps);
  // The viewport from which the container has its max width.
  const fixedFrom = layout.maxWidth + at(layout.offset ?? [], widest, 0) + (layout.paddingOutside ? 2 * at(layout.padding, widest, 0) : 0);
  const breakpoints = [...new Set([0, fixedFrom, ...steps])].filter((w) => w <= fixedFrom).sort((a, b) => b - a);
  return breakpoints
    .map((min) => {
      const pad = at(layout.padding, min, 0);
      const offset = at(layout.offset ?? [], min, 0);
      const count = at(layout.columns, min, 1);
      const share = at(layout.share ?? [], min, 1);
      const inset = layout.inset ?? 0;
      let slot: string;
      if (min === fixedFrom) {
        const content = layout.paddingOutside ? layout.maxWidth : layout.maxWidth - 2 * pad;
        slot = `${Math.ceil((share * content - (count - 1) * layout.gap) / count - inset)}px`;
      } else {
        slot = `calc(${round((100 * share) / count)}vw - ${round((share * (offset + 2 * pad) + (count - 1) * layout.gap) / count + inset)}px)`;
      }
      return min === 0 ? slot : `(min-width: ${min}px) ${slot}`;
    })
    .join(', ');
}
