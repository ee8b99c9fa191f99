import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aiMarkOf, readAiMark } from './ai-mark';
import { cardColors, previewCardSvg, renderPreviewCard, wrapLines } from './preview-card';

describe('the link-preview card', () => {
  it('wraps a title into its lines and cuts what does not fit with an ellipsis', () => {
    expect(wrapLines('Boho Chic', 20, 2)).toEqual(['Boho Chic']);
    expect(wrapLines('Animal Print Explosion', 15, 2)).toEqual(['Animal Print', 'Explosion']);
    expect(wrapLines('one two three four five six', 9, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapLines('Supercalifragilistic', 10, 2)).toEqual(['Supercali…']);
  });

  it('puts dark text on a light ground and light text on a dark one', () => {
    expect(cardColors(['#f5f0e6', '#fffaf0']).text).toBe('#18181c');
    expect(cardColors(['#101820', '#1f2a44']).text).toBe('#ffffff');
    expect(cardColors([]).from).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('escapes the names it draws and says how many pieces it left out', () => {
    const svg = previewCardSvg({ title: 'A <b> & "c"', pieces: Array.from({ length: 7 }, (_, i) => ({ name: `Piece <${i}>`, colorHex: '#123456' })) });
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<0>');
    expect(svg).toContain('and 2 more');
  });

  it('is a 1200x630 JPEG with the AI mark', async () => {
    const picture = await sharp({ create: { width: 768, height: 1024, channels: 3, background: '#c19a6b' } }).webp().toBuffer();
    const card = await renderPreviewCard({ picture, title: 'Office', pieces: [{ name: 'Navy blazer', colorHex: '#1f2a44' }] }, aiMarkOf('atelier'));
    const meta = await sharp(card).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(readAiMark(meta.xmp)).toEqual(aiMarkOf('atelier'));
  });
});
