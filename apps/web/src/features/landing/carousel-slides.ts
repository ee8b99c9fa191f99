/** The slide shown after moving `step` slides from `index`, wrapping around 0..slides-1 (user-area §2). */
export function wrapSlide(index: number, step: number, slides: number): number {
  if (slides <= 0) return 0;
  return (((index + step) % slides) + slides) % slides;
}

/** `items` cut into `slides` slides of `perSlide`; what is missing is filled by `fill(position)`. */
export function toSlides<T>(items: readonly T[], slides: number, perSlide: number, fill: (position: number) => T): T[][] {
  return Array.from({ length: slides }, (_, s) =>
    Array.from({ length: perSlide }, (_, i) => {
      const position = s * perSlide + i;
      return position < items.length ? items[position]! : fill(position);
    }),
  );
}
