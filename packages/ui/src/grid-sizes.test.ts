import { describe, expect, it } from 'vitest';
import { gridSizes } from './grid-sizes';

describe('gridSizes', () => {
  it('says each breakpoint\'s column width of a 1-2-3-4 column grid in a 1280 px container', () => {
    expect(gridSizes({ maxWidth: 1280, padding: [[0, 16], [640, 24]], columns: [[0, 1], [640, 2], [1024, 3], [1280, 4]], gap: 24 })).toBe(
      '(min-width: 1280px) 290px, (min-width: 1024px) calc(33.33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)',
    );
  });

  it('takes a share of the container and an inset', () => {
    // The result page: the picture is 5/11 of a 1152 px card from md, minus the card's border.
    expect(gridSizes({ maxWidth: 1152, padding: [[0, 16], [640, 24]], columns: [[0, 1]], gap: 0, share: [[768, 5 / 11]], inset: 1 })).toBe(
      '(min-width: 1152px) 501px, (min-width: 768px) calc(45.45vw - 22.82px), (min-width: 640px) calc(100vw - 49px), calc(100vw - 33px)',
    );
  });
});

describe('gridSizes beside a side menu', () => {
  it('takes the menu from the viewport and reaches the max width later when the padding is outside it', () => {
    // The admin's gallery: main px-4 sm:px-6 lg:px-8 beside a 72 px menu from md, a max-w-7xl box, 1-2-3-4 columns, gap-4.
    expect(gridSizes({
      maxWidth: 1280, padding: [[0, 16], [640, 24], [1024, 32]], paddingOutside: true, offset: [[768, 72]],
      columns: [[0, 1], [640, 2], [1024, 3], [1280, 4]], gap: 16,
    })).toBe(
      '(min-width: 1416px) 308px, (min-width: 1280px) calc(25vw - 46px), (min-width: 1024px) calc(33.33vw - 56px), '
      + '(min-width: 768px) calc(50vw - 68px), (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)',
    );
  });
});
