import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { BRAND_DIR, BRAND_FILES, FAVICON_SIZES, ICO_SIZES } from '@drape/contracts/brand';

/**
 * The brand assets, made from the one master logo at build (before the web app's sources are
 * fingerprinted, by scripts/build-apps.ts): the logo for light and dark grounds, the mark as
 * favicon.svg, favicons of the brand guidance's sizes, favicon.ico, the touch and app icons and
 * the web app manifest. They land in apps/web/public/brand (gitignored), which Vite copies to the
 * site's /brand. A file is written only when its bytes change, so an unchanged master leaves the
 * web app's fingerprint, and so its build, alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MASTER_LOGO = path.join(root, 'apps/web/brand/logo.svg');
const TOKENS_CSS = path.join(root, 'packages/ui/src/tokens.css');
export const BRAND_OUT_DIR = path.join(root, 'apps/web/public', BRAND_DIR);

/** The master's colour classes, recoloured per ground. */
type Palette = Record<'tile' | 'letter' | 'dot' | 'word', string>;

/** A colour of the design tokens (packages/ui), so the manifest and the dark logo follow them. */
export function tokenColour(css: string, name: string): string {
  const found = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{3,8})\\s*;`, 'i').exec(css);
  if (!found) throw new Error(`tokens.css has no --color-${name}`);
  return found[1]!.toLowerCase();
}

/** Sets the root element's viewBox and size (the master's other elements keep theirs). */
function frame(svg: string, viewBox: string, size: { width: number; height: number }): string {
  return svg.replace(/<svg\b[^>]*>/, (tag) => tag
    .replace(/\sviewBox="[^"]*"/, ` viewBox="${viewBox}"`)
    .replace(/\swidth="[^"]*"/, ` width="${size.width}"`)
    .replace(/\sheight="[^"]*"/, ` height="${size.height}"`));
}

function recolour(svg: string, palette: Palette): string {
  return svg.replace(/<style>[^<]*<\/style>/, `<style>${Object.entries(palette).map(([cls, fill]) => `.${cls}{fill:${fill}}`).join('')}</style>`);
}

/** The master's parts, checked: an edit that loses one fails the build rather than an icon. */
export function readMaster(svg: string) {
  for (const part of ['<g id="mark">', 'id="wordmark"', '<style>', 'class="tile"', 'class="letter"', 'class="dot"', 'class="word"']) {
    if (!svg.includes(part)) throw new Error(`the master logo has no ${part}`);
  }
  const bare = svg.replace(/<!--[\s\S]*?-->\s*/g, '');
  // The mark is the square at the left of the master; the icons are made of it alone.
  const mark = frame(bare.replace(/\s*<path id="wordmark"[^>]*\/>/, ''), '0 0 64 64', { width: 64, height: 64 });
  // Full bleed for the icons a platform masks (a circle, a squircle): the tile's colour fills the
  // square and the letter sits inside the maskable safe zone (the centre circle of 80%).
  const fullBleed = frame(mark.replace('<g id="mark">', '<rect class="tile" x="-8" y="-8" width="80" height="80"/><g id="mark">'), '-8 -8 80 80', { width: 80, height: 80 });
  return { logo: bare, mark, fullBleed };
}

/** An SVG rendered at exactly `size` pixels square, from vectors (no upscaled bitmap). */
async function png(svg: string, size: number): Promise<Buffer> {
  const width = Number(/<svg\b[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? 64);
  return sharp(Buffer.from(svg), { density: (72 * size) / width })
    .resize(size, size, { fit: 'fill' })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

/**
 * An ICO of PNG images: a 6-byte header, a 16-byte entry per image, then the PNGs as they are.
 * Every browser and Windows since Vista read PNG entries; the format is these few lines, where the
 * npm packages for it re-encode to bitmaps or bring a PNG decoder this does not need.
 */
export function icoFromPngs(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png: data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** Every asset's bytes, by its path under /brand. */
export async function makeBrandAssets(masterSvg: string, tokensCss: string): Promise<Map<string, Buffer>> {
  const { logo, mark, fullBleed } = readMaster(masterSvg);
  const colour = (name: string) => tokenColour(tokensCss, name);
  const ground = colour('ivory');
  // On a dark ground the ink tile would vanish: the mark turns to a light tile with an ink letter.
  const onDark: Palette = { tile: colour('gold-soft'), letter: colour('ink'), dot: colour('gold'), word: colour('ivory') };

  const out = new Map<string, Buffer>();
  const put = (file: string, bytes: Buffer | string) => out.set(file.slice(BRAND_DIR.length + 1), Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
  put(BRAND_FILES.logo, logo);
  put(BRAND_FILES.logoOnDark, recolour(logo, onDark));
  put(BRAND_FILES.faviconSvg, mark);
  const favicons = new Map<number, Buffer>();
  for (const size of FAVICON_SIZES) {
    favicons.set(size, await png(mark, size));
    put(BRAND_FILES.favicon(size), favicons.get(size)!);
  }
  put(BRAND_FILES.faviconIco, icoFromPngs(ICO_SIZES.map((size) => ({ size, png: favicons.get(size)! }))));
  // iOS fills transparent corners with black and rounds the square itself: a full-bleed tile.
  put(BRAND_FILES.appleTouchIcon, await png(fullBleed, 180));
  put(BRAND_FILES.icon(192), await png(mark, 192));
  put(BRAND_FILES.icon(512), await png(mark, 512));
  put(BRAND_FILES.maskableIcon, await png(fullBleed, 512));
  put(BRAND_FILES.manifest, `${JSON.stringify({
    name: 'Drape',
    short_name: 'Drape',
    description: 'Your Personalized AI Fashion Stylist',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The page's ground (styles.css: bg-ivory) and index.html's theme-color.
    background_color: ground,
    theme_color: ground,
    icons: [
      { src: BRAND_FILES.icon(192), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: BRAND_FILES.icon(512), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: BRAND_FILES.maskableIcon, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: BRAND_FILES.faviconSvg, sizes: 'any', type: 'image/svg+xml' },
    ],
  }, null, 2)}\n`);
  return out;
}

/**
 * Writes the assets into `outDir`: only the files whose bytes changed, and removes any file there
 * that is no longer made (the folder holds nothing else).
 */
export async function writeBrandAssets(opts: { master?: string; tokens?: string; outDir?: string } = {}): Promise<{ written: string[]; unchanged: string[] }> {
  const outDir = opts.outDir ?? BRAND_OUT_DIR;
  const assets = await makeBrandAssets(fs.readFileSync(opts.master ?? MASTER_LOGO, 'utf8'), fs.readFileSync(opts.tokens ?? TOKENS_CSS, 'utf8'));
  fs.mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const [name, bytes] of assets) {
    const file = path.join(outDir, name);
    if (fs.existsSync(file) && fs.readFileSync(file).equals(bytes)) {
      unchanged.push(name);
      continue;
    }
    fs.writeFileSync(file, bytes);
    written.push(name);
  }
  for (const name of fs.readdirSync(outDir)) {
    if (!assets.has(name)) fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  }
  return { written, unchanged };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeBrandAssets().then(
    ({ written }) => {
      if (written.length) console.log(`brand assets: ${written.length} written to ${path.relative(root, BRAND_OUT_DIR)}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
