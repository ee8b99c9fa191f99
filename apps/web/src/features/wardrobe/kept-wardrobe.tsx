import type { WardrobePage } from '@drape/contracts/wardrobe';
import { offlineMessages } from '@drape/contracts/offline';
import { Alert } from '@drape/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { LookCard } from '../../components/look-card';
import { PageHeader } from '../../components/page-header';
import { keepWardrobePage, readKeptWardrobe } from '../../lib/kept-wardrobe';
import { LOOK_GRID_CLASSES, LOOK_GRID_SIZES } from '../../lib/look-grid';
import { genderName } from '../../lib/look-names';

const GRID = LOOK_GRID_CLASSES;

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has no network (the prerender and a first render assume it has). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => !navigator.onLine, () => false);
}

/** The user's wardrobe as last seen, when offline and something is kept for them (decision 0032). */
export function useKeptWardrobe(userId: string | undefined): WardrobePage | null {
  const offline = useOffline();
  return offline && userId ? readKeptWardrobe(userId) : null;
}

/** Keeps the unfiltered first page each time it arrives from the server. */
export function useKeepWardrobe(userId: string, page: WardrobePage | undefined, unfiltered: boolean): void {
  const [kept, setKept] = useState<WardrobePage | null>(null);
  useEffect(() => {
    if (!unfiltered || !page || page === kept) return;
    setKept(page);
    void keepWardrobePage(userId, page).catch((err: unknown) => console.warn('The wardrobe was not kept for offline reading.', err));
  }, [userId, page, unfiltered, kept]);
}

/** Read-only: notes and removals need the server. */
export function KeptWardrobe({ page, firstName }: { page: WardrobePage; firstName: string }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <PageHeader eyebrow="Wardrobe" title="My Wardrobe" description={`Looks you saved, ${firstName}, with your notes.`} className="mb-2" />
      <Alert>{offlineMessages.keptBanner}</Alert>
      <ul aria-label="Saved looks" className={GRID}>
        {page.items.map((entry, i) => (
          <li key={entry.id}>
            <LookCard look={entry} titleId={`kept-${entry.id}`} title={entry.selection.name} headingLevel={3} eager={i < 4} sizes={LOOK_GRID_SIZES} facts={genderName(entry.gender)}>
              {entry.notes ? <p className="whitespace-pre-line text-sm text-umber">{entry.notes}</p> : null}
            </LookCard>
          </li>
        ))}
      </ul>
    </div>
  );
}
