import { COLOR_FAMILIES, type ColorFamily } from '@drape/contracts';
import { CLOSET_CATEGORIES, CLOSET_CATEGORY_NAMES, CLOSET_PATTERNS, type ClosetCategory, type ClosetPattern } from '@drape/contracts/closet';
import { cn, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@drape/ui';
import type { Ref } from 'react';
import { COLOR_FAMILY_SWATCH, colorFamilyName } from '../../lib/color-families';
import { PATTERN_NAMES } from './piece-names';

/** A colour drawn as a dot: a family's swatch or a measured shade. Decorative: its name is always written beside it. */
export function ColorDot({ color, className }: { color: string; className?: string }) {
  return <span aria-hidden="true" className={cn('inline-block h-3.5 w-3.5 shrink-0 rounded-full border border-ink/20', className)} style={{ background: color }} />;
}

/** A piece's colour family (its swatch and name) and whether it is solid or patterned, as one line. */
export function PieceFacts({ colorFamily, pattern }: { colorFamily: ColorFamily; pattern: ClosetPattern }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-umber">
      <span className="inline-flex items-center gap-1.5">
        <ColorDot color={COLOR_FAMILY_SWATCH[colorFamily]} />
        <span className="sr-only">Color: </span>
        {colorFamilyName(colorFamily)}
      </span>
      <span className="text-taupe">
        <span className="sr-only">Pattern: </span>
        {PATTERN_NAMES[pattern]}
      </span>
    </p>
  );
}

interface ChipChoiceProps<T extends string> {
  /** The group's name (the radios' `name`), unique on the page. */
  name: string;
  legend: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: T | undefined;
  onChange: (value: T) => void;
  /** Tells the first radio to a form (react-hook-form focuses a refused field). */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
  /** Shown beside the legend ("Required"). */
  aside?: string;
  className?: string;
}

/**
 * One choice among a few, as chips: native radios, so Tab enters the group and the arrow keys
 * move the choice, and a phone shows every option at once instead of behind a select.
 */
function ChipChoice<T extends string>({ name, legend, options, labels, value, onChange, inputRef, error, disabled, aside, className }: ChipChoiceProps<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <legend className="text-sm font-medium text-umber">{legend}</legend>
        {aside ? <span className="text-xs text-taupe">{aside}</span> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {options.map((option, i) => (
          // The dashboard's Gender choice, as chips: the radio stays visible as a dot.
          <label
            key={option}
            className={cn(
              'flex h-11 cursor-pointer items-center gap-2.5 rounded-full border border-stone bg-paper px-4 text-sm font-medium text-ink transition-colors',
              'hover:border-taupe has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink',
              'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
              error && 'border-danger',
            )}
          >
            <input
              ref={i === 0 ? inputRef : undefined}
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 cursor-pointer appearance-none rounded-full border border-stone bg-paper transition-all checked:border-[5px] checked:border-gold focus:outline-none"
            />
            {labels[option]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium leading-relaxed text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type ChoiceProps<T extends string> = Omit<ChipChoiceProps<T>, 'options' | 'labels' | 'legend'> & { legend?: string };

/** The category: the user's to say (nothing on the server recognises a garment). */
export function CategoryChoice(props: ChoiceProps<ClosetCategory>) {
  return <ChipChoice legend="Category" {...props} options={CLOSET_CATEGORIES} labels={CLOSET_CATEGORY_NAMES} />;
}

/** Solid or patterned: measured from the photo, corrected here. */
export function PatternChoice(props: ChoiceProps<ClosetPattern>) {
  return <ChipChoice legend="Pattern" {...props} options={CLOSET_PATTERNS} labels={PATTERN_NAMES} />;
}

export interface ColorFamilySelectProps {
  id: string;
  value: ColorFamily;
  onChange: (value: ColorFamily) => void;
  label?: string;
  disabled?: boolean;
  'aria-describedby'?: string;
}

/** The colour family, each drawn with its swatch (the LookBook's sixteen families, named as the app names them). */
export function ColorFamilySelect({ id, value, onChange, label = 'Color', disabled, ...aria }: ColorFamilySelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as ColorFamily)} disabled={disabled}>
        <SelectTrigger id={id} className="h-11" {...aria}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {COLOR_FAMILIES.map((family) => (
            <SelectItem key={family} value={family}>
              <span className="inline-flex items-center gap-2">
                <ColorDot color={COLOR_FAMILY_SWATCH[family]} />
                {colorFamilyName(family)}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
