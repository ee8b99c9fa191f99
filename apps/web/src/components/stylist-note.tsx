import { cn } from '@drape/ui';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';

/**
 * 'Why this works' (issue 19): the stylist's reasons for a look, each naming its pieces, written by
 * the pipeline from the same rules that score it. A look stored before the rules has none, and
 * then nothing is shown rather than a made-up note.
 */
export function StylistNote({ note, headingLevel, compact = false }: { note: readonly string[]; headingLevel: 3 | 4 | 5; compact?: boolean }) {
  const titleId = useId();
  if (note.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-3 rounded-xl border border-linen bg-ivory', compact ? 'p-3' : 'p-4 sm:p-5')}>
      <Heading id={titleId} className={cn('flex items-center gap-2 font-display font-medium text-ink', compact ? 'text-base' : 'text-xl')}>
        <Sparkles aria-hidden="true" className="h-4 w-4 text-gold-ink" />
        Why this works
      </Heading>
      <ul className={cn('flex list-disc flex-col gap-1.5 pl-5 text-ink marker:text-gold-ink', compact ? 'text-sm' : 'text-[0.95rem] leading-relaxed')}>
        {note.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </section>
  );
}
