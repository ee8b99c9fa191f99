import type { ReactNode } from 'react';
import { cn } from '@drape/ui';

interface ChoiceChipProps {
  selected: boolean;
  onToggle: () => void;
  /** 'toggle': a pressed button (trends, palettes, occasions, gender); 'radio': one of a radio group that clicks off. */
  kind?: 'toggle' | 'radio';
  disabled?: boolean;
  children: ReactNode;
}

/** A choice that a second click unselects (settings-and-admin §2.2: every generator choice toggles off). */
export function ChoiceChip({ selected, onToggle, kind = 'toggle', disabled, children }: ChoiceChipProps) {
  const state = kind === 'radio' ? { role: 'radio' as const, 'aria-checked': selected } : { 'aria-pressed': selected };
  return (
    <button
      type="button"
      {...state}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60',
        selected ? 'border-indigo-600 bg-indigo-600 text-white shadow-sm' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}
