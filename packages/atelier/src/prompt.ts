// Text prompts for a diffusion provider (IMAGE_PROVIDER=http). `enhancedPrompt` describes a
// combination (the combo matrix stores one per combination); `lookPrompt` names the exact
// composed pieces, so a generated image shows what the item list says.
import { BODY_SHAPES, SKIN_TONES, STYLE_VIBES, selectionName, selectionOf, type Combination, type OccasionId, type PaletteId, type TrendId } from '@drape/contracts';
import { paletteStory, trendStory } from './color-stories';
import type { Look } from './look';

const TREND_WORDS: Record<TrendId, string> = {
  boho_chic: 'bohemian layers, flowing silhouettes, painterly florals, fringe and earthy tones',
  animal_print_explosion: 'bold leopard print statement pieces, caramel and black, sleek accessories',
  denim: 'head-to-toe denim, washed blues, contrast topstitching, clean white sneakers',
  polka: 'crisp polka dots, retro feminine shapes, cherry red and monochrome accents',
  preppy: 'collegiate tailoring, checked fabrics, navy blazer, loafers, knitwear',
  vibrant_yellow: 'saturated sunflower yellow color-blocking, sunny optimistic styling',
  aquatic_influences: 'ocean-inspired wave prints, aqua and teal, fluid resort fabrics',
  hot_pants_revival: '1970s hot pants, retro stripes, platform sandals, disco energy',
  nautical_chic: 'breton stripes, navy and white, gold buttons, sailor-inspired tailoring',
};

const OCCASION_WORDS: Record<OccasionId, string> = {
  date: 'a romantic date-night outfit, polished and flattering',
  party: 'a party outfit with statement pieces and evening accessories',
  office: 'a smart office outfit, tailored and professional',
  beach: 'a relaxed beach outfit in breathable summer fabrics',
  athleisure: 'a sporty athleisure outfit with performance fabrics and running shoes',
  lounge: 'a cosy loungewear outfit in soft knits and fleece',
  goingout: 'a going-out outfit, casual but sharp, city evening styling',
};

const NEGATIVE =
  'nsfw, nudity, lingerie, deformed hands, extra limbs, extra fingers, distorted face, cropped feet, ' +
  'text, logo, watermark, blurry, low resolution, multiple people';

/** Words the http provider sends as the negative prompt. */
export const NEGATIVE_PROMPT = NEGATIVE;

function colorWords(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function model(c: Combination): string {
  const shape = BODY_SHAPES.find((b) => b.id === c.bodyShape)?.name.toLowerCase();
  const skin = SKIN_TONES.find((s) => s.id === c.skinTone)?.name.toLowerCase();
  const who = c.gender === 'female' ? 'woman' : 'man';
  const parts = [skin ? `${skin}-skinned` : '', who].filter(Boolean).join(' ');
  return shape ? `a ${parts} with ${/^[aeiou]/.test(shape) ? 'an' : 'a'} ${shape} body shape` : `a ${parts}`;
}

function selectionWords(c: Combination): string {
  const s = selectionOf(c);
  if (s.kind === 'trend') {
    const colors = trendStory(s.id).colors.slice(0, 4).map((x) => x.name);
    return `a ${selectionName(s)} look: ${TREND_WORDS[s.id]}, in ${colorWords(colors)}`;
  }
  if (s.kind === 'palette') {
    const colors = paletteStory(s.id as PaletteId).colors.map((x) => x.name);
    return `an outfit styled in the ${selectionName(s)} color palette: ${colorWords(colors)}`;
  }
  return OCCASION_WORDS[s.id];
}

const STUDIO = 'full-length fashion editorial, standing pose facing the camera, plain studio backdrop, soft diffused light, sharp focus, 3:4 portrait';

/** A prompt for the combination as a whole (before any pieces are chosen). */
export function enhancedPrompt(c: Combination): string {
  const vibe = STYLE_VIBES.find((v) => v.id === c.styleVibe)?.name.toLowerCase();
  return [
    `Fashion photograph of ${model(c)} wearing ${selectionWords(c)}`,
    vibe ? `${vibe} styling` : '',
    STUDIO,
  ].filter(Boolean).join(', ');
}

/** A prompt naming every composed piece with its color and print. */
export function lookPrompt(look: Look): string {
  const pieces = look.pieces.map((p) => `${p.color.name} ${p.name.toLowerCase()}`);
  const vibe = STYLE_VIBES.find((v) => v.id === look.combination.styleVibe)?.name.toLowerCase();
  const person = model({ ...look.combination, bodyShape: look.model.bodyShape, skinTone: look.model.skinTone });
  return [
    `Fashion photograph of ${person} wearing ${colorWords(pieces)}`,
    `${look.title} theme`,
    vibe ? `${vibe} styling` : '',
    `color palette: ${colorWords(look.palette.colors.map((c) => c.name))}`,
    STUDIO,
  ].filter(Boolean).join(', ');
}
