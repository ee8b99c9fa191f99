// What holds a look back (issue 19): the other half of the note, said of the rules that cost the
// look points, each naming its pieces. For the admin's review of a refused look (the blocked
// image's reasoning) and the contact sheet's low scores; never shown to a user as praise.
import type { Look } from '../look';
import type { Judgement, Rule } from './judge';
import { RULE_WEIGHTS } from './judge';
import { pieceLabel } from './note';
import { list, sentence } from './prose';

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];
/** "a pear shape", "an apple shape", "an inverted triangle shape". */
const shape = (look: Look): string => {
  const name = look.model.bodyShape.replace('_', ' ');
  return `${/^[aeiou]/.test(name) || name.startsWith('hour') ? 'an' : 'a'} ${name} shape`;
};

/** A rule under this score is a concern worth saying. */
const CONCERN_BELOW = 0.8;

function concern(look: Look, j: Judgement, rule: Rule): string {
  const label = (i: number) => pieceLabel(look.pieces[i]!);
  switch (rule) {
    case 'palette': {
      const off = j.palette.matches.filter((m) => m.fidelity < 0.5).map((m) => label(m.piece));
      return sentence(`${list(off) || 'Some pieces'} stray from the ${look.palette.name} palette`);
    }
    case 'harmony': {
      if (j.harmony.accents.length >= 3) return sentence(`${COUNT_WORDS[j.harmony.accents.length] ?? j.harmony.accents.length} accent colours (${list(j.harmony.accents.map((a) => a.color.name.toLowerCase()))}) compete for the eye`);
      if (j.harmony.accents.length === 2 && j.harmony.neutrals.length === 0) return sentence('Two accents with no neutral to ground them');
      if (j.harmony.separation < 0.6) return sentence('Pieces worn against each other are too close in colour to read apart');
      return sentence('The colours sit uneasily together');
    }
    case 'occasion': {
      const out = j.occasion.outOfRegister.map(label);
      if (out.length > 0) return sentence(`${list(out)} ${out.length > 1 ? 'sit' : 'sits'} outside ${look.title}'s register`);
      return sentence('The pieces do not share a register: some are dressier than others');
    }
    case 'patterns':
      return sentence(j.patterns.verdict === 'too many prints' ? `Three prints at once: ${list(j.patterns.printed.map(label))}` : `${list(j.patterns.printed.map(label))} are prints of one scale, and clash`);
    case 'silhouette': {
      const against = j.silhouette.unflattering.map(label);
      return sentence(`${list(against)} ${against.length > 1 ? 'work' : 'works'} against ${shape(look)}`);
    }
    case 'skin':
      return sentence(`${j.skin.piece === null ? 'The colour by the face' : label(j.skin.piece)} is close to ${look.model.skinTone} skin and washes out the face`);
  }
}

/**
 * A rule is a concern under CONCERN_BELOW; the silhouette only for a piece the shape is better
 * without (most looks hold nothing that shapes the body either way, and that is no fault).
 */
export const isConcern = (j: Judgement, rule: Rule): boolean =>
  j[rule].score < CONCERN_BELOW && (rule !== 'silhouette' || j.silhouette.unflattering.length > 0);

/** The concerns, costliest first (what they cost the judgement, by weight). */
export function stylistConcerns(look: Look, j: Judgement): string[] {
  return (Object.keys(RULE_WEIGHTS) as Rule[])
    .filter((r) => isConcern(j, r))
    .sort((a, b) => (1 - j[b].score) * RULE_WEIGHTS[b] - (1 - j[a].score) * RULE_WEIGHTS[a])
    .map((r) => concern(look, j, r));
}
