// Contact sheet of the built-in renderer: 12 looks across genders, trends, palettes, occasions,
// skin tones and body shapes, as docs/atelier/contact-sheet.webp with a README listing the
// pieces, plus one full-size watermarked sample and the SVG -> WebP cost.
//   pnpm exec tsx pipeline/src/contact-sheet.ts [--png <path>]
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { IMAGE_HEIGHT, IMAGE_WIDTH, compose, render, watermarkSvg, type Look } from '@drape/atelier';
import type { Combination } from '@drape/contracts';

interface Entry {
  readonly combination: Combination;
  readonly seed: number;
}

const ENTRIES: readonly Entry[] = [
  { combination: { gender: 'female', trend: 'boho_chic', styleVibe: 'playful', bodyShape: 'pear', skinTone: 'medium' }, seed: 3 },
  { combination: { gender: 'male', trend: 'denim', styleVibe: 'casual', bodyShape: 'rectangle', skinTone: 'fair' }, seed: 3 },
  { combination: { gender: 'female', trend: 'polka', styleVibe: 'elegant', bodyShape: 'hourglass', skinTone: 'deep' }, seed: 2 },
  { combination: { gender: 'male', trend: 'nautical_chic', styleVibe: 'contemporary', bodyShape: 'inverted_triangle', skinTone: 'medium' }, seed: 4 },
  { combination: { gender: 'female', trend: 'animal_print_explosion', styleVibe: 'contemporary', bodyShape: 'rectangle', skinTone: 'fair' }, seed: 5 },
  { combination: { gender: 'female', trend: 'hot_pants_revival', styleVibe: 'playful', bodyShape: 'hourglass', skinTone: 'medium' }, seed: 6 },
  { combination: { gender: 'male', trend: 'preppy', styleVibe: 'elegant', bodyShape: 'rectangle', skinTone: 'deep' }, seed: 7 },
  { combination: { gender: 'female', palette: 'sunset_sorbet', styleVibe: 'casual', bodyShape: 'apple', skinTone: 'fair' }, seed: 8 },
  { combination: { gender: 'male', palette: 'ocean_depths', styleVibe: 'elegant', bodyShape: 'apple', skinTone: 'deep' }, seed: 9 },
  { combination: { gender: 'female', occasion: 'office', styleVibe: 'elegant', bodyShape: 'inverted_triangle', skinTone: 'deep' }, seed: 10 },
  { combination: { gender: 'male', occasion: 'beach', styleVibe: 'casual', bodyShape: 'inverted_triangle', skinTone: 'fair' }, seed: 11 },
  { combination: { gender: 'male', occasion: 'party', styleVibe: 'contemporary', bodyShape: 'rectangle', skinTone: 'medium' }, seed: 11 },
];

const COLS = 4;
const THUMB_W = 384;
const THUMB_H = 512;
const LABEL_H = 44;
const OUT_DIR = resolve(process.cwd(), 'docs/atelier');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function label(look: Look, index: number): string {
  const m = look.model;
  const text = `${index + 1}. ${m.gender === 'female' ? 'F' : 'M'} · ${look.title} · ${m.bodyShape.replace('_', ' ')} · ${m.skinTone}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB_W}" height="${LABEL_H}"><rect width="100%" height="100%" fill="#FFFFFF"/>` +
    `<text x="12" y="28" font-family="DejaVu Sans" font-size="15" fill="#222">${esc(text)}</text></svg>`;
}

async function main(): Promise<void> {
  const pngIndex = process.argv.indexOf('--png');
  const pngPath = pngIndex > 0 ? resolve(process.argv[pngIndex + 1] ?? '') : join(tmpdir(), 'drape-contact-sheet.png');
  await mkdir(OUT_DIR, { recursive: true });

  const looks = ENTRIES.map((e) => compose(e.combination, e.seed));
  const svgs = looks.map((l) => render(l));

  // Cost of the provider's hot path: one SVG -> 768x1024 WebP at effort 2 (warm-up first).
  await sharp(Buffer.from(svgs[0] ?? '')).webp({ quality: 82, effort: 2 }).toBuffer();
  const timings: number[] = [];
  for (const svg of svgs) {
    const t0 = performance.now();
    await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer();
    timings.push(performance.now() - t0);
  }
  const mean = timings.reduce((a, b) => a + b, 0) / timings.length;
  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? mean;

  const tiles = await Promise.all(
    looks.map(async (look, i) => {
      const thumb = await sharp(Buffer.from(svgs[i] ?? '')).resize(THUMB_W, THUMB_H).png().toBuffer();
      const tile = await sharp({ create: { width: THUMB_W, height: THUMB_H + LABEL_H, channels: 3, background: '#FFFFFF' } })
        .composite([{ input: thumb, top: 0, left: 0 }, { input: Buffer.from(label(look, i)), top: THUMB_H, left: 0 }])
        .png()
        .toBuffer();
      return { input: tile, left: (i % COLS) * THUMB_W, top: Math.floor(i / COLS) * (THUMB_H + LABEL_H) };
    }),
  );
  const rows = Math.ceil(looks.length / COLS);
  const sheet = sharp({ create: { width: COLS * THUMB_W, height: rows * (THUMB_H + LABEL_H), channels: 3, background: '#FFFFFF' } }).composite(tiles);
  const sheetPng = await sheet.png().toBuffer();
  await sharp(sheetPng).webp({ quality: 86 }).toFile(join(OUT_DIR, 'contact-sheet.webp'));
  await writeFile(pngPath, sheetPng);

  // One full-size look with the watermark, as the pipeline stores it.
  const sample = looks[0];
  if (sample) {
    await sharp(Buffer.from(svgs[0] ?? ''))
      .composite([{ input: Buffer.from(watermarkSvg(IMAGE_WIDTH, IMAGE_HEIGHT)), top: 0, left: 0 }])
      .webp({ quality: 82, effort: 2 })
      .toFile(join(OUT_DIR, 'sample-look.webp'));
  }

  const svgBytes = svgs.map((s) => Buffer.byteLength(s));
  const lines = [
    '# Atelier contact sheet',
    '',
    'The built-in image provider (`@drape/atelier`): 12 composed looks rendered to SVG and converted',
    'with sharp. Regenerate with `pnpm exec tsx pipeline/src/contact-sheet.ts` from the repository root.',
    '',
    '![contact sheet](contact-sheet.webp)',
    '',
    '`sample-look.webp` is look 1 at full size (768x1024) with the watermark the pipeline adds.',
    '',
    `SVG -> 768x1024 WebP (quality 82, effort 2), one sharp call per look on this machine: mean ${mean.toFixed(1)} ms,`,
    `median ${median.toFixed(1)} ms over ${timings.length} looks; SVG size ${Math.min(...svgBytes)}-${Math.max(...svgBytes)} bytes.`,
    '',
    '| # | combination code | seed | model | pieces |',
    '|---|---|---|---|---|',
    ...looks.map((look, i) => {
      const pieces = look.pieces
        .map((p) => `${p.name} (${p.type}; ${p.color.name} ${p.color.hex}${p.pattern ? `; ${p.pattern}` : ''}; ${p.priceRange})`)
        .join('<br>');
      const m = look.model;
      return `| ${i + 1} | \`${look.combinationCode}\` | ${ENTRIES[i]?.seed} | ${m.gender}, ${m.bodyShape}, ${m.skinTone}, ${m.hairStyle} | ${pieces} |`;
    }),
    '',
  ];
  await writeFile(join(OUT_DIR, 'README.md'), lines.join('\n'));
  console.log(`contact sheet: ${join(OUT_DIR, 'contact-sheet.webp')} (PNG copy: ${pngPath})`);
  console.log(`SVG -> WebP effort 2: mean ${mean.toFixed(1)} ms, median ${median.toFixed(1)} ms; SVG ${Math.min(...svgBytes)}-${Math.max(...svgBytes)} bytes`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
