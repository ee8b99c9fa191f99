// The stylist's contact sheet (issue 19): 24 composed looks across the score's range, the lowest
// first, each with its quality score, its note ('why this works') and what holds it back, as
// docs/atelier/stylist-sheet.webp and docs/atelier/stylist-sheet.md. The looks are the composer's
// first proposals (before its retry), so that the sheet shows what the score sends back.
//   pnpm exec tsx pipeline/src/stylist-sheet.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { compose, enumerateCombinations, judgeLook, noteOf, qualityScore, qualityThreshold, render, stylistConcerns, type Look } from '@drape/atelier';

const COLS = 6;
const THUMB_W = 256;
const THUMB_H = 341;
const LABEL_H = 40;
const OUT_DIR = resolve(process.cwd(), 'docs/atelier');
/** Every n-th combination of the matrix, composed once: a spread sample to pick the 24 from. */
const SAMPLE_EVERY = 7;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

interface Scored {
  look: Look;
  score: number;
  threshold: number;
  rules: Record<string, number>;
  note: string[];
  concerns: string[];
}

function label(s: Scored, index: number): string {
  const colour = s.score < s.threshold ? '#B3261E' : s.score < 85 ? '#7A5A00' : '#1E6B34';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB_W}" height="${LABEL_H}"><rect width="100%" height="100%" fill="#FFFFFF"/>` +
    `<text x="10" y="26" font-family="DejaVu Sans" font-size="15" fill="#222">${index + 1}.</text>` +
    `<text x="44" y="26" font-family="DejaVu Sans" font-size="17" font-weight="bold" fill="${colour}">${s.score}</text>` +
    `<text x="84" y="26" font-family="DejaVu Sans" font-size="12" fill="#555">${esc(`${s.look.model.gender === 'female' ? 'F' : 'M'} · ${s.look.title}`.slice(0, 24))}</text></svg>`;
}

/** 24 looks: the 8 lowest, 8 from the middle, the 8 highest of the sample. */
function pick(sample: readonly Scored[]): Scored[] {
  const sorted = [...sample].sort((a, b) => a.score - b.score);
  const mid = Math.floor(sorted.length / 2) - 4;
  return [...sorted.slice(0, 8), ...sorted.slice(mid, mid + 8), ...sorted.slice(-8)];
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const combos = enumerateCombinations({}).filter((_, i) => i % SAMPLE_EVERY === 0);
  const sample: Scored[] = combos.map((c, i) => {
    const look = compose(c, i + 1);
    const judgement = judgeLook(look);
    const q = qualityScore({ look, judgement, sharpness: 1 });
    return { look, score: q.score, threshold: qualityThreshold(c.gender, c.skinTone), rules: q.breakdown.rules, note: noteOf(look, judgement), concerns: stylistConcerns(look, judgement) };
  });
  const chosen = pick(sample);

  const tiles = await Promise.all(
    chosen.map(async (s, i) => {
      const thumb = await sharp(Buffer.from(render(s.look))).resize(THUMB_W, THUMB_H).png().toBuffer();
      const tile = await sharp({ create: { width: THUMB_W, height: THUMB_H + LABEL_H, channels: 3, background: '#FFFFFF' } })
        .composite([{ input: thumb, top: 0, left: 0 }, { input: Buffer.from(label(s, i)), top: THUMB_H, left: 0 }])
        .png()
        .toBuffer();
      return { input: tile, left: (i % COLS) * THUMB_W, top: Math.floor(i / COLS) * (THUMB_H + LABEL_H) };
    }),
  );
  const rows = Math.ceil(chosen.length / COLS);
  await sharp({ create: { width: COLS * THUMB_W, height: rows * (THUMB_H + LABEL_H), channels: 3, background: '#FFFFFF' } })
    .composite(tiles)
    .webp({ quality: 84 })
    .toFile(join(OUT_DIR, 'stylist-sheet.webp'));

  const under = sample.filter((s) => s.score < s.threshold).length;
  const rule = (r: Record<string, number>) => Object.entries(r).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
  const lines = [
    "# The stylist's contact sheet",
    '',
    `24 of ${sample.length} looks composed from every ${SAMPLE_EVERY}th combination of the matrix (the composer's first proposal, drawn`,
    'sharp, so the score is the judgement with completeness): the 8 lowest (rows 1 and 2), 8 from the middle, the 8 highest.',
    `${under} of the ${sample.length} (${Math.round((1000 * under) / sample.length) / 10}%) fall under their threshold (65 female fair, 70 others); the composer`,
    'composes those again before anything is rendered (`composeToStandard`), so the inventory keeps none of them.',
    'Scores in red are under the threshold. Regenerate with `pnpm exec tsx pipeline/src/stylist-sheet.ts`.',
    '',
    '![stylist contact sheet](stylist-sheet.webp)',
    '',
    '| # | score | look | what holds it back | why this works (the note users see) | rules |',
    '|---|---|---|---|---|---|',
    ...chosen.map((s, i) => {
      const m = s.look.model;
      const pieces = s.look.pieces.map((p) => `${p.color.name} ${p.name.toLowerCase()}`).join(', ');
      return `| ${i + 1} | **${s.score}**${s.score < s.threshold ? ' (refused)' : ''} | ${m.gender}, ${s.look.title}, ${m.bodyShape.replace('_', ' ')}, ${m.skinTone} skin: ${esc(pieces)} | ${esc(s.concerns.join(' ')) || '-'} | ${esc(s.note.join(' '))} | ${rule(s.rules)} |`;
    }),
    '',
  ];
  await writeFile(join(OUT_DIR, 'stylist-sheet.md'), lines.join('\n'));
  console.log(`stylist sheet: ${join(OUT_DIR, 'stylist-sheet.webp')} and stylist-sheet.md (${under} of ${sample.length} under the threshold)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
