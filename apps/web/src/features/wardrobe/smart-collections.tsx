import { COLLECTION_ICONS, COLLECTION_PREVIEW, type CollectionType, type SmartCollection } from '@drape/contracts/wardrobe';
import { Button, cn } from '@drape/ui';
import { FolderHeart, Palette, Sparkles, TrendingUp, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { LookImage } from '../../components/look-image';
import { OccasionIcon } from '../../components/occasion-icon';
import { CollapsiblePanel } from './collapsible-panel';
import { isCollectionApplied, type WardrobeFilters } from './wardrobe-filters';

/** A collection's icon: an occasion's catalog icon, else the contract's names, else its type's. */
const NAMED_ICONS: Record<string, LucideIcon> = {
  [COLLECTION_ICONS.style]: Sparkles, [COLLECTION_ICONS.trend]: TrendingUp, [COLLECTION_ICONS.palette]: Palette,
};
const TYPE_ICONS: Record<CollectionType, LucideIcon> = { occasion: FolderHeart, style: Sparkles, trend: TrendingUp };
const OCCASION_ICON_NAMES = new Set(['heart', 'cocktail', 'briefcase', 'sun', 'running', 'couch', 'walking', 'ring']);

function CollectionIcon({ collection }: { collection: SmartCollection }) {
  const name = collection.icon.trim().toLowerCase();
  if (OCCASION_ICON_NAMES.has(name)) return <OccasionIcon icon={name} className="h-4 w-4" />;
  const Icon = NAMED_ICONS[name] ?? TYPE_ICONS[collection.type] ?? Sparkles;
  return <Icon aria-hidden="true" className="h-4 w-4" />;
}

/** Two rows of the widest grid; the rest behind 'Show all' (a wardrobe can hold dozens of groups). */
const FIRST_SHOWN = 6;

export interface SmartCollectionsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  collections: SmartCollection[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  filters: WardrobeFilters;
  onApply: (collection: SmartCollection) => void;
}

/** user-area §2 Wardrobe, §3 Smart collection: the collapsible panel; a card applies its collection's filter. */
export function SmartCollections({ open, onOpenChange, collections, loading, failed, onRetry, filters, onApply }: SmartCollectionsProps) {
  const [showAll, setShowAll] = useState(false);
  const count = collections?.length ?? 0;
  const shown = showAll ? (collections ?? []) : (collections ?? []).slice(0, FIRST_SHOWN);

  return (
    <CollapsiblePanel
      title="Smart Collections"
      Icon={FolderHeart}
      open={open}
      onOpenChange={onOpenChange}
      extra={count > 0 ? <span className="text-sm font-normal text-taupe">({count})</span> : null}
    >
      {loading ? (
        <ul aria-label="Loading collections" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-28 animate-pulse rounded-2xl bg-sand" />
          ))}
        </ul>
      ) : failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          Your collections could not be loaded.
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : count === 0 ? (
        <p className="text-sm text-taupe">Collections gather your saved looks by occasion, style and trend as your wardrobe grows.</p>
      ) : (
        <>
          {/* A row to swipe through on a phone, a grid from tablets up. */}
          <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
            {shown.map((collection) => (
              <li key={collection.id} className="w-64 shrink-0 snap-start sm:w-auto">
                <CollectionCard collection={collection} applied={isCollectionApplied(collection.filter, filters)} onApply={() => onApply(collection)} />
              </li>
            ))}
          </ul>
          {count > FIRST_SHOWN ? (
            <Button variant="link" className="mt-3" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Show fewer collections' : `Show all ${count} collections`}
            </Button>
          ) : null}
        </>
      )}
    </CollapsiblePanel>
  );
}

/** A collection's preview tile: a quarter of a card at most ~370 px wide (under 96 px): the thumbnail always does. */
const COLLECTION_TILE_SIZES = '96px';

/** A collection: its icon, name, description, count and newest pictures; pressed while its filter is the applied one. */
function CollectionCard({ collection, applied, onApply }: { collection: SmartCollection; applied: boolean; onApply: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={applied}
      onClick={onApply}
      className={cn(
        'flex h-full w-full cursor-pointer flex-col gap-3 rounded-2xl border p-4 text-left transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink',
        applied ? 'border-ink bg-ivory' : 'border-linen bg-ivory/40 hover:border-taupe',
      )}
    >
      <span className="flex items-start gap-3">
        <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
          <CollectionIcon collection={collection} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-medium text-ink">{collection.name}</span>
          {collection.description ? <span className="line-clamp-2 text-xs text-taupe">{collection.description}</span> : null}
        </span>
        <span className="shrink-0 text-sm text-taupe">
          {collection.itemCount} {collection.itemCount === 1 ? 'look' : 'looks'}
        </span>
      </span>
      {collection.items.length > 0 ? (
        <span aria-hidden="true" className="grid grid-cols-4 gap-1.5">
          {collection.items.slice(0, COLLECTION_PREVIEW).map((item) => (
            <span key={item.imageId} className="overflow-hidden rounded-lg bg-sand">
              <LookImage thumbnailUrl={item.thumbnailUrl} imageUrl={item.imageUrl} sizes={COLLECTION_TILE_SIZES} alt="" loading="lazy" />
            </span>
          ))}
        </span>
      ) : null}
    </button>
  );
}
