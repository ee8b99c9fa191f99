import sharp from 'sharp';
import { watermarkSvg } from '@drape/atelier';
import { PREVIEW_CARD } from '@drape/contracts/looks';
import { withAiMark, type AiMark } from './ai-mark';

/**
 * The link-preview card of a shared look (docs/decisions/0031): 1200x630 JPEG, the size and type
 * every messenger's unfurler shows large (several skip portrait WebP). The look on a ground of its
 * own colours, its selection's name, its pieces with their colours, and the Drape mark.
 */

export interface PreviewCardContent {
  /** The stored look picture (768x1024 WebP). */
  picture: Buffer;
  /** The selection's name (a trend, palette or occasion: looks have no name of their own). */
  title: string;
  /** The pieces in order, with their colours. */
  pieces: readonly { name: string; colorHex: string }[];
}

const { width: W, height: H } = PREVIEW_CARD;
const FONT = 'font-family="DejaVu Sans, sans-serif"';
const MARGIN = 40;
const PICTURE_H = H - 2 * MARGIN;
const PICTURE_W = Math.round((PICTURE_H * 3) / 4);
const TEXT_X = MARGIN * 2 + PICTURE_W + 20;
const TEXT_W = W - TEXT_X - MARGIN * 1.5;
const TITLE_SIZE = 54;
const PIECE_SIZE = 28;
const PIECES_SHOWN = 5;
/** DejaVu Sans' average advance is about 0.6 em: enough to wrap without measuring glyphs. */
const EM_ADVANCE = 0.6;
const JPEG = { quality: 84, mozjpeg: true } as const;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Rgb = [number, number, number];
function rgbOf(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? parseInt(m[1]!, 16) : 0x8a8a8a;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const hexOf = (c: Rgb) => `#${c.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
/** Relative luminance (WCAG), 0..1. */
function luminance(c: Rgb): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The card's ground from the look's first two colours, toned down so text reads on it; and the text colour that reads best. */
export function cardColors(hexes: readonly string[]): { from: string; to: string; text: string; muted: string } {
  const first = rgbOf(hexes[0] ?? '#8a8a8a');
  const second = rgbOf(hexes[1] ?? hexes[0] ?? '#8a8a8a');
  const ink: Rgb = [24, 24, 28];
  const from = mix(first, ink, 0.3);
  const to = mix(second, ink, 0.55);
  const light = luminance(mix(from, to, 0.5)) > 0.3;
  return { from: hexOf(from), to: hexOf(to), text: light ? '#18181c' : '#ffffff', muted: light ? '#3a3a40' : '#e6e6ea' };
}

/** Words into at most `maxLines` lines of `maxChars`, the last one cut with an ellipsis if need be. */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => cut(l, maxChars));
  return [...lines.slice(0, maxLines - 1), cut(`${lines[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`, maxChars, true)];
}
function cut(text: string, maxChars: number, always = false): string {
  if (text.length <= maxChars && !always) return text;
  return `${text.slice(0, maxChars - 1).trimEnd()}…`;
}

/** The card's SVG without the picture (composited over it by sharp). */
export function previewCardSvg(content: Omit<PreviewCardContent, 'picture'>): string {
  const colors = cardColors(content.pieces.map((p) => p.colorHex));
  const title = wrapLines(content.title, Math.floor(TEXT_W / (TITLE_SIZE * EM_ADVANCE)), 2);
  let y = MARGIN + 70;
  const parts: string[] = [];
  parts.push(`<text x="${TEXT_X}" y="${y}" ${FONT} font-size="24" letter-spacing="3" fill="${colors.muted}">DRAPE LOOK</text>`);
  y += 30;
  for (const line of title) {
    y += TITLE_SIZE + 8;
    parts.push(`<text x="${TEXT_X}" y="${y}" ${FONT} font-size="${TITLE_SIZE}" font-weight="bold" fill="${colors.text}">${escapeXml(line)}</text>`);
  }
  y += 36;
  const shown = content.pieces.slice(0, PIECES_SHOWN);
  const pieceChars = Math.floor((TEXT_W - 44) / (PIECE_SIZE * EM_ADVANCE));
  for (const piece of shown) {
    y += PIECE_SIZE + 20;
    parts.push(
      `<circle cx="${TEXT_X + 13}" cy="${y - PIECE_SIZE / 2 + 3}" r="12" fill="${hexOf(rgbOf(piece.colorHex))}" stroke="${colors.text}" stroke-opacity="0.6" stroke-width="2"/>`,
      `<text x="${TEXT_X + 44}" y="${y}" ${FONT} font-size="${PIECE_SIZE}" fill="${colors.text}">${escapeXml(cut(piece.name, pieceChars))}</text>`,
    );
  }
  const more = content.pieces.length - shown.length;
  if (more > 0) parts.push(`<text x="${TEXT_X + 44}" y="${y + PIECE_SIZE + 16}" ${FONT} font-size="${PIECE_SIZE - 4}" fill="${colors.muted}">and ${more} more</text>`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<rect x="${MARGIN - 4}" y="${MARGIN - 4}" width="${PICTURE_W + 8}" height="${PICTURE_H + 8}" rx="6" fill="#ffffff" fill-opacity="0.85"/>` +
    parts.join('') +
    '</svg>'
  );
}

/** The card as a JPEG carrying the AI mark (its picture is the generated look). */
export async function renderPreviewCard(content: PreviewCardContent, mark: AiMark): Promise<Buffer> {
  const picture = await sharp(content.picture).resize(PICTURE_W, PICTURE_H, { fit: 'cover', position: 'top' }).toBuffer();
  const card = sharp(Buffer.from(previewCardSvg(content)), { density: 72 }).composite([
    { input: picture, top: MARGIN, left: MARGIN },
    // The Drape mark, as the pipeline draws it over every look.
    { input: Buffer.from(watermarkSvg(W, H)), top: 0, left: 0 },
  ]);
  return withAiMark(card.flatten({ background: '#ffffff' }).jpeg(JPEG), mark).toBuffer();
}
