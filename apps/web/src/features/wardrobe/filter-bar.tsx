import { WARDROBE_GROUPINGS, type WardrobeGrouping } from '@drape/contracts/wardrobe';
import { Badge, Button, Label, Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@drape/ui';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  activeFilterCount, GENDER_OPTIONS, OCCASION_OPTIONS, styleVibeName, TREND_OPTION_GROUPS, withFilter, type FilterOption, type WardrobeFilters,
} from './wardrobe-filters';
import { CollapsiblePanel } from './collapsible-panel';
import { GROUPING_LABELS } from './wardrobe-grouping';

export interface FilterBarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: WardrobeFilters;
  onFiltersChange: (next: WardrobeFilters) => void;
  grouping: WardrobeGrouping;
  onGroupingChange: (next: WardrobeGrouping) => void;
}

/** user-area §2 Wardrobe: the collapsible 'Filter & Organize' bar (gender, occasion, trend, Clear, grouping). */
export function FilterBar({ open, onOpenChange, filters, onFiltersChange, grouping, onGroupingChange }: FilterBarProps) {
  const id = useId();
  const active = activeFilterCount(filters);

  return (
    <CollapsiblePanel
      title="Filter & Organize"
      Icon={SlidersHorizontal}
      open={open}
      onOpenChange={onOpenChange}
      extra={
        <>
          {active > 0 ? (
            <Badge tone="ink">
              {active}
              <span className="sr-only"> active</span>
            </Badge>
          ) : null}
          {grouping !== 'none' ? <span className="hidden text-sm font-normal text-taupe sm:inline">Grouped by {GROUPING_LABELS[grouping].toLowerCase()}</span> : null}
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect id={`${id}-gender`} label="Gender" value={filters.gender} onChange={(v) => onFiltersChange(withFilter(filters, 'gender', v))}>
          <AllItem label="All genders" />
          <Items options={GENDER_OPTIONS} />
        </FilterSelect>
        <FilterSelect id={`${id}-occasion`} label="Occasion" value={filters.occasion} onChange={(v) => onFiltersChange(withFilter(filters, 'occasion', v))}>
          <AllItem label="All occasions" />
          <Items options={OCCASION_OPTIONS} />
        </FilterSelect>
        <FilterSelect id={`${id}-trend`} label="Trend" value={filters.trend} onChange={(v) => onFiltersChange(withFilter(filters, 'trend', v))}>
          <AllItem label="All trends" />
          {TREND_OPTION_GROUPS.map((group, i) => (
            // The ui package has no select label: the heading names its group by id.
            <SelectGroup key={group.label} aria-labelledby={`${id}-trend-group-${i}`}>
              <div id={`${id}-trend-group-${i}`} className="px-3 pb-1 pt-3 text-[0.65rem] font-semibold uppercase tracking-[0.16em] text-gold-ink">
                {group.label}
              </div>
              <Items options={group.options} />
            </SelectGroup>
          ))}
        </FilterSelect>
        <FilterSelect id={`${id}-grouping`} label="Group by" value={grouping} onChange={(v) => onGroupingChange(v as WardrobeGrouping)}>
          {WARDROBE_GROUPINGS.map((g) => (
            <SelectItem key={g} value={g}>
              {g === 'none' ? 'None' : GROUPING_LABELS[g]}
            </SelectItem>
          ))}
        </FilterSelect>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {filters.styleVibe ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-linen bg-ivory py-0.5 pl-3 pr-1 text-sm text-umber">
            Style: {styleVibeName(filters.styleVibe)}
            <button
              type="button"
              aria-label={`Remove the style filter ${styleVibeName(filters.styleVibe)}`}
              onClick={() => onFiltersChange({ ...filters, styleVibe: undefined })}
              className="inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-full hover:bg-sand focus-visible:outline-2 focus-visible:outline-ink"
            >
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </span>
        ) : null}
        <Button variant="outline" size="sm" className="ml-auto" disabled={active === 0} onClick={() => onFiltersChange({})}>
          Clear
        </Button>
      </div>
    </CollapsiblePanel>
  );
}

function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string | undefined; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {/* 'all' stands for no filter (user-area §3; §5: a select item never has an empty value). */}
      <Select value={value ?? 'all'} onValueChange={onChange}>
        <SelectTrigger id={id} className="h-11">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </div>
  );
}

function AllItem({ label }: { label: string }) {
  return <SelectItem value="all">{label}</SelectItem>;
}

function Items({ options }: { options: FilterOption[] }) {
  return options.map((o) => (
    <SelectItem key={o.value} value={o.value}>
      {o.label}
    </SelectItem>
  ));
}
