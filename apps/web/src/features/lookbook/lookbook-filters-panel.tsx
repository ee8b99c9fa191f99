import type { ColorFamily } from '@drape/contracts';
import { lookbookMessages } from '@drape/contracts/lookbook';
import { Badge, Button, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, cn } from '@drape/ui';
import { Check, ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { COLOR_FAMILY_SWATCH } from '../../lib/color-families';
import { activeFilterCount, FILTER_LABELS, FILTER_OPTIONS, type LookbookFilterKey, type LookbookFilters } from './lookbook-filters';

/** The select's "no filter" choice; the spec reads 'all' as no filter, and an item may not be empty. */
const ALL = 'all';
const SELECTS = ['gender', 'style_vibe', 'occasion', 'trend'] as const satisfies readonly LookbookFilterKey[];

export interface LookbookFiltersPanelProps {
  filters: LookbookFilters;
  onChange: (filters: LookbookFilters) => void;
}

/** user-area §2 LookBook: the collapsible Filters panel, its badge of active filters and Clear. */
export function LookbookFiltersPanel({ filters, onChange }: LookbookFiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = activeFilterCount(filters);
  const set = (key: LookbookFilterKey, value: string | undefined) => onChange({ ...filters, [key]: value === ALL ? undefined : value });

  return (
    <section aria-label={lookbookMessages.filters} className="rounded-[var(--radius-card)] border border-linen bg-paper shadow-soft">
      <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-5">
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="-ml-2">
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {lookbookMessages.filters}
          {count > 0 ? (
            <Badge tone="ink">
              {count}
              <span className="sr-only"> active</span>
            </Badge>
          ) : null}
          <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
        </Button>
        {count > 0 ? (
          <Button variant="link" onClick={() => onChange({})}>
            {lookbookMessages.clear}
          </Button>
        ) : null}
      </div>
      <div id={panelId} hidden={!open} className="border-t border-linen px-4 py-5 sm:px-5">
        {open ? (
          <div className="flex flex-col gap-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {SELECTS.filter((key) => FILTER_OPTIONS[key].length > 0).map((key) => (
                <FilterSelect key={key} name={key} value={filters[key]} onChange={(v) => set(key, v)} />
              ))}
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-3 text-sm font-medium text-umber">{FILTER_LABELS.color}</legend>
              <div className="flex flex-wrap gap-2">
                {FILTER_OPTIONS.color.map(({ value, label }) => {
                  const pressed = filters.color === value;
                  return (
                    <button
                      key={value}
                      type="button"
                      aria-pressed={pressed}
                      onClick={() => set('color', pressed ? undefined : value)}
                      className={cn(
                        'inline-flex cursor-pointer items-center gap-2 rounded-full border py-1 pl-1 pr-3 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink',
                        pressed ? 'border-ink bg-ink text-ivory' : 'border-linen bg-ivory text-ink hover:border-taupe/60',
                      )}
                    >
                      <span aria-hidden="true" className="flex h-6 w-6 items-center justify-center rounded-full border border-ink/15" style={{ background: COLOR_FAMILY_SWATCH[value as ColorFamily] }}>
                        {pressed ? <Check className="h-3.5 w-3.5 text-ivory mix-blend-difference" /> : null}
                      </span>
                      {label}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function FilterSelect({ name, value, onChange }: { name: (typeof SELECTS)[number]; value: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  const label = FILTER_LABELS[name];
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={onChange}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All</SelectItem>
          {FILTER_OPTIONS[name].map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
