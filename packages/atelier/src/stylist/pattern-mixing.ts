// Pattern mixing (issue 19, section 1): one print leads a look; a second works when its scale
// differs (a large floral with a small stripe) or when it repeats the first (a matching set); a
// third is one too many. Denim and a bright solid are textures and colours, not prints.
import type { PatternKey } from '@drape/contracts';

export type PrintScale = 'small' | 'medium' | 'large';

/** The scale each print reads at on a garment (as patterns.ts draws it); null for what is not a print. */
export const PRINT_SCALE: Readonly<Record<PatternKey, PrintScale | null>> = {
  florals: 'medium',
  animal: 'large',
  denim: null,
  dots: 'small',
  check: 'medium',
  solid_bright: null,
  waves: 'large',
  stripes: 'small',
  retro: 'large',
};

export interface PatternMixing {
  /** 0..1. */
  readonly score: number;
  /** Indexes of the printed pieces. */
  readonly printed: readonly number[];
  readonly verdict: 'plain' | 'one print' | 'matching prints' | 'scales mixed' | 'scales clash' | 'too many prints';
}

export function patternMixing(pieces: readonly { readonly pattern: PatternKey | null }[]): PatternMixing {
  const printed = pieces.flatMap((p, i) => (p.pattern && PRINT_SCALE[p.pattern] ? [i] : []));
  if (printed.length === 0) return { score: 1, printed, verdict: 'plain' };
  if (printed.length === 1) return { score: 1, printed, verdict: 'one print' };
  if (printed.length > 2) return { score: 0.35, printed, verdict: 'too many prints' };
  const [a, b] = printed.map((i) => pieces[i]!.pattern!) as [PatternKey, PatternKey];
  if (a === b) return { score: 0.9, printed, verdict: 'matching prints' };
  return PRINT_SCALE[a] === PRINT_SCALE[b]
    ? { score: 0.5, printed, verdict: 'scales clash' }
    : { score: 0.85, printed, verdict: 'scales mixed' };
}
