import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { galleryMessages, type GallerySort } from '@drape/contracts/admin';
import { Alert, Button, Input } from '@drape/ui';
import { useTRPC } from '../../lib/trpc';
import { NO_CONTROLS, type GalleryControls } from './use-gallery';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none';
/** The search applies this long after the last keystroke (or at once on Enter). */
const SEARCH_DEBOUNCE_MS = 300;

function FilterSelect({ label, value, onChange, options, disabled }: {
  label: string; value: string; onChange: (v: string) => void; options: { id: string; name: string }[]; disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass} disabled={disabled}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The catalog's filters, from the server's options (kept 10 minutes); a retry when they failed. */
function FilterSelects({ controls, set }: { controls: GalleryControls; set: (key: keyof GalleryControls) => (value: string) => void }) {
  const trpc = useTRPC();
  const options = useQuery({ ...trpc.admin.gallery.filterOptions.queryOptions(), staleTime: 10 * 60_000 });
  const o = options.data;
  if (options.isError) {
    return (
      <Alert tone="error">
        <span className="flex flex-wrap items-center gap-2">
          {galleryMessages.filterOptionsFailed}
          <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
            Retry
          </Button>
        </span>
      </Alert>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      <FilterSelect label="Status" value={controls.status} onChange={set('status')} options={o?.statuses ?? []} disabled={!o} />
      <FilterSelect label="Gender" value={controls.gender} onChange={set('gender')} options={o?.genders ?? []} disabled={!o} />
      <FilterSelect
        label="Skin tone"
        value={controls.skinTone}
        onChange={set('skinTone')}
        options={(o?.skinTones ?? []).map((t) => ({ id: t.id, name: `${t.emoji} ${t.name}` }))}
        disabled={!o}
      />
      <FilterSelect label="Body shape" value={controls.bodyShape} onChange={set('bodyShape')} options={o?.bodyShapes ?? []} disabled={!o} />
      <FilterSelect label="Occasion" value={controls.occasion} onChange={set('occasion')} options={o?.occasions ?? []} disabled={!o} />
      <FilterSelect label="Style vibe" value={controls.styleVibe} onChange={set('styleVibe')} options={o?.styleVibes ?? []} disabled={!o} />
      <FilterSelect label="Season" value={controls.season} onChange={set('season')} options={o?.seasons ?? []} disabled={!o} />
    </div>
  );
}

/** The gallery's search, sort and filters; any change starts the list again at page 1. */
export function GalleryFilters({ controls, onChange }: { controls: GalleryControls; onChange: (change: (c: GalleryControls) => GalleryControls) => void }) {
  const [searchText, setSearchText] = useState('');
  const set = (key: keyof GalleryControls) => (value: string) => onChange((c) => ({ ...c, [key]: value }));
  const filtered = Object.entries(controls).some(([key, value]) => key !== 'sort' && value !== '');

  useEffect(() => {
    const timer = window.setTimeout(() => onChange((c) => (c.search === searchText.trim() ? c : { ...c, search: searchText.trim() })), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, onChange]);

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <form
        role="search"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onChange((c) => ({ ...c, search: searchText.trim() }));
        }}
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <div className="flex flex-col gap-1">
            <label htmlFor="gallery-search" className="text-xs font-medium text-slate-600">
              Search
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <Input
                id="gallery-search"
                type="search"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                placeholder="Combination code, trend, occasion, vibe… or an image id"
                maxLength={100}
                className="h-10 rounded-lg pl-9 text-sm"
              />
            </div>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="gallery-sort" className="text-xs font-medium text-slate-600">
              Sort
            </label>
            <select id="gallery-sort" value={controls.sort} onChange={(e) => set('sort')(e.target.value as GallerySort)} className={selectClass}>
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
            </select>
          </div>
        </div>
        <FilterSelects controls={controls} set={set} />
        {filtered && (
          <div>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setSearchText('');
                onChange((c) => ({ ...NO_CONTROLS, sort: c.sort }));
              }}
            >
              Clear filters
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
