import { cn } from '@drape/ui';
import { Check } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { OccasionIcon } from '../../components/occasion-icon';

/** What the user picked: exactly one trend, color palette or occasion, by the name the server expects. */
/** A chosen style idea: its catalog id goes to the server, its name is what the card shows. */
export type StyleChoice = { kind: 'trend' | 'colorPalette' | 'occasion'; id: string; name: string };

export interface TrendOption {
  id: string;
  name: string;
  category: string;
  pattern: string;
}

export interface PaletteOption {
  id: string;
  name: string;
  colors: { name: string; hex: string; family: string }[];
}

export interface OccasionOption {
  id: string;
  name: string;
  icon: string;
}

/** A swatch of each trend's signature print or texture (decorative). */
const PATTERNS: Record<string, CSSProperties> = {
  florals: {
    background:
      'radial-gradient(circle at 22px 22px, #f3c36b 0 3px, transparent 3.5px), ' +
      'radial-gradient(circle at 22px 16px, #e38aa5 0 4.5px, transparent 5px), radial-gradient(circle at 28px 22px, #e38aa5 0 4.5px, transparent 5px), ' +
      'radial-gradient(circle at 22px 28px, #e38aa5 0 4.5px, transparent 5px), radial-gradient(circle at 16px 22px, #e38aa5 0 4.5px, transparent 5px), ' +
      'radial-gradient(ellipse 5px 2.5px at 36px 36px, #8fb37a 0 100%, transparent), radial-gradient(ellipse 2.5px 5px at 6px 40px, #8fb37a 0 100%, transparent), #f8ece4',
    backgroundSize: '44px 44px',
  },
  animal: {
    background:
      'radial-gradient(circle at 30% 30%, #b57a3c 0 3px, #3b2514 3.5px 6px, transparent 6.5px), ' +
      'radial-gradient(circle at 75% 72%, #b57a3c 0 4px, #3b2514 4.5px 7px, transparent 7.5px), ' +
      'radial-gradient(ellipse 4px 3px at 70% 18%, #3b2514 0 100%, transparent), radial-gradient(ellipse 3px 4px at 18% 80%, #3b2514 0 100%, transparent), #d9a566',
    backgroundSize: '38px 38px',
  },
  denim: {
    background: 'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.1) 0 2px, transparent 2px 5px), linear-gradient(160deg, #4a6a93, #243b5a)',
  },
  dots: {
    background: 'radial-gradient(circle, #fffdf9 0 4px, transparent 5px), #1d1815',
    backgroundSize: '20px 20px',
  },
  check: {
    background:
      'repeating-linear-gradient(0deg, rgb(184 149 90 / 0.45) 0 6px, transparent 6px 22px), ' +
      'repeating-linear-gradient(90deg, rgb(184 149 90 / 0.45) 0 6px, transparent 6px 22px), #2f4a3a',
  },
  solid_bright: { background: 'linear-gradient(135deg, #ffd84d, #f4a300)' },
  waves: {
    background: 'radial-gradient(circle at 50% 0, transparent 7px, #4fb3bf 8px 10px, transparent 11px), #d7eef0',
    backgroundSize: '22px 11px',
  },
  stripes: { background: 'repeating-linear-gradient(0deg, #13294b 0 6px, #f5f7f8 6px 14px)' },
  retro: { background: 'repeating-linear-gradient(120deg, #c1440e 0 10px, #f4a300 10px 20px, #6b4330 20px 30px, #f1e6d3 30px 40px)' },
};
const FALLBACK_PATTERN: CSSProperties = { background: 'linear-gradient(135deg, #f1e6d3, #cfc4b5)' };

/** Shared look of every choice: a pressed toggle button with a tick when chosen. */
function ChoiceButton({
  selected, disabled, onSelect, label, className, children,
}: { selected: boolean; disabled?: boolean; onSelect: () => void; label?: string; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={label}
      disabled={disabled}
      onClick={onSelect}
      className={cn(
        'group relative flex w-full cursor-pointer overflow-hidden rounded-2xl border bg-paper text-left transition-all',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-60',
        selected ? 'border-ink shadow-soft ring-1 ring-ink' : 'border-linen hover:border-stone hover:shadow-soft',
        className,
      )}
    >
      {children}
      <span
        aria-hidden="true"
        className={cn(
          'absolute right-2.5 top-2.5 inline-flex h-6 w-6 items-center justify-center rounded-full bg-ink text-ivory shadow-soft transition-all',
          selected ? 'scale-100 opacity-100' : 'scale-75 opacity-0',
        )}
      >
        <Check className="h-3.5 w-3.5" />
      </span>
    </button>
  );
}

interface GridProps<T> {
  options: T[];
  selected: StyleChoice | null;
  disabled?: boolean;
  onSelect: (choice: StyleChoice) => void;
}

export function TrendGrid({ options, selected, disabled, onSelect }: GridProps<TrendOption>) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {options.map((trend) => (
        <li key={trend.id}>
          <ChoiceButton
            label={trend.name}
            selected={selected?.kind === 'trend' && selected.id === trend.id}
            disabled={disabled}
            onSelect={() => onSelect({ kind: 'trend', id: trend.id, name: trend.name })}
            className="h-full flex-col"
          >
            <span aria-hidden="true" className="h-20 w-full border-b border-linen" style={PATTERNS[trend.pattern] ?? FALLBACK_PATTERN} />
            <span className="flex flex-col gap-0.5 px-3.5 py-3">
              <span className="font-display text-base leading-snug text-ink">{trend.name}</span>
              <span className="text-xs uppercase tracking-[0.12em] text-taupe">{trend.category}</span>
            </span>
          </ChoiceButton>
        </li>
      ))}
    </ul>
  );
}

export function PaletteGrid({ options, selected, disabled, onSelect }: GridProps<PaletteOption>) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {options.map((palette) => (
        <li key={palette.id}>
          <ChoiceButton
            selected={selected?.kind === 'colorPalette' && selected.id === palette.id}
            disabled={disabled}
            onSelect={() => onSelect({ kind: 'colorPalette', id: palette.id, name: palette.name })}
            className="flex-col gap-3 p-3"
          >
            <span aria-hidden="true" className="flex h-14 w-full overflow-hidden rounded-xl border border-linen">
              {palette.colors.map((c) => (
                <span key={c.name} className="flex-1" style={{ background: c.hex }} />
              ))}
            </span>
            <span className="flex w-full min-w-0 flex-col gap-0.5 px-0.5">
              <span className="pr-6 font-display text-base leading-snug text-ink">{palette.name}</span>
              <span aria-hidden="true" className="truncate text-xs text-taupe">
                {palette.colors.map((c) => c.name).join(' · ')}
              </span>
            </span>
          </ChoiceButton>
        </li>
      ))}
    </ul>
  );
}

export function OccasionGrid({ options, selected, disabled, onSelect }: GridProps<OccasionOption>) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {options.map((occasion) => {
        const isSelected = selected?.kind === 'occasion' && selected.id === occasion.id;
        return (
          <li key={occasion.id}>
            <ChoiceButton
              selected={isSelected}
              disabled={disabled}
              onSelect={() => onSelect({ kind: 'occasion', id: occasion.id, name: occasion.name })}
              className="h-full flex-col items-start gap-2.5 p-3.5 sm:flex-row sm:items-center sm:gap-3 sm:pr-9"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full transition-colors',
                  isSelected ? 'bg-ink text-gold' : 'bg-gold-soft text-gold-ink',
                )}
              >
                <OccasionIcon icon={occasion.icon} className="h-5 w-5" />
              </span>
              <span className="text-sm font-medium text-ink">{occasion.name}</span>
            </ChoiceButton>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder cards while a list loads. */
export function ChoiceSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <ul aria-hidden="true" className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', className)}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-24 animate-pulse rounded-2xl bg-sand" />
      ))}
    </ul>
  );
}
