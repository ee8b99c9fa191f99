import { AI_GENERATED_LABEL } from '@drape/contracts';
import { cn } from '@drape/ui';
import { Sparkles } from 'lucide-react';

/**
 * The visible 'AI-generated' label over a look's picture (EU AI Act Art. 50), in words, not only
 * an icon. The caller places it at the picture's bottom left: the watermark is at the bottom right.
 */
export function AiGeneratedLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'pointer-events-none inline-flex items-center gap-1 rounded-full border border-ink/10 bg-paper/90 px-2 py-0.5 text-[0.7rem] font-medium leading-tight text-ink shadow-soft',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="h-3 w-3 text-gold-ink" />
      {AI_GENERATED_LABEL}
    </span>
  );
}
