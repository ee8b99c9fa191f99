import { tierPolicy } from '@drape/contracts';
import { wardrobeMessages } from '@drape/contracts/wardrobe';
import { appErrorCode, errorMessage } from '@drape/client';
import { Button, buttonClasses, cn, toast, type ButtonSize } from '@drape/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, BookmarkCheck, Lock, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../lib/trpc';
import { useProfile } from '../lib/use-profile';

const SAVE_FAILED = "We couldn't save this look right now. Please try again.";

/**
 * The caller's wardrobe size against a Stylist's cap (user-area §4 Save). Every button and the
 * banner of a page ask with the same input, so the page makes one call; a save invalidates it.
 */
export function useWardrobeCount() {
  const trpc = useTRPC();
  const { user } = useProfile();
  const policy = user ? tierPolicy(user.tier) : null;
  const capped = Boolean(policy?.wardrobe && policy.wardrobeCap !== null);
  const query = useQuery(trpc.wardrobe.contains.queryOptions({ imageIds: [] }, { enabled: capped }));
  const cap = query.data?.cap ?? null;
  const saved = query.data?.saved ?? 0;
  return { policy, cap, saved, full: capped && cap !== null && saved >= cap };
}

/** user-area §4: a Stylist at the cap sees a dismissible 'Wardrobe Full!' banner; render it once per page. */
export function WardrobeFullBanner({ className }: { className?: string }) {
  const { full, cap } = useWardrobeCount();
  const [dismissed, setDismissed] = useState(false);
  if (!full || cap === null || dismissed) return null;
  return (
    <div role="status" className={cn('flex items-start gap-3 rounded-xl border border-gold/40 bg-gold-soft px-4 py-3 text-sm text-gold-ink', className)}>
      <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">{wardrobeMessages.full}</p>
        <p className="leading-relaxed">
          {wardrobeMessages.fullDetail(cap)}{' '}
          <Link to="/tiers" className="font-medium underline underline-offset-4">
            See the tiers
          </Link>
        </p>
      </div>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        aria-label="Dismiss"
        className="-m-1 inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-gold/20 focus-visible:outline-2 focus-visible:outline-ink"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

export interface SaveLookButtonProps {
  imageId: string;
  /** Known from a LookView; when absent the button asks wardrobe.contains for this look. */
  saved?: boolean;
  /** After the server has the look (saved now, or answered already_saved): lets a list mark its copy. */
  onSaved?: (imageId: string) => void;
  size?: ButtonSize;
  className?: string;
}

/**
 * Save to wardrobe (user-area §4): Save, 'Saving...' (disabled), 'Saved' (disabled). Below Stylist
 * and for a Stylist at the cap it reads 'Upgrade to Save' and leads to the tiers.
 */
export function SaveLookButton({ imageId, saved, onSaved, size = 'md', className }: SaveLookButtonProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { policy, full } = useWardrobeCount();
  const allowed = Boolean(policy?.wardrobe);
  const check = useQuery(trpc.wardrobe.contains.queryOptions({ imageIds: [imageId] }, { enabled: allowed && saved === undefined }));
  const save = useMutation(trpc.wardrobe.save.mutationOptions());
  const [done, setDone] = useState(false);
  const [refusedFull, setRefusedFull] = useState(false);

  const isSaved = done || saved === true || (saved === undefined && Boolean(check.data?.imageIds.includes(imageId)));

  // The list, the collections, the counts and the Save buttons' checks all read the wardrobe.
  const refreshWardrobe = () => queryClient.invalidateQueries({ queryKey: trpc.wardrobe.pathKey() });

  function onSave() {
    save.mutate(
      { imageId },
      {
        onSuccess: () => {
          setDone(true);
          onSaved?.(imageId);
          void refreshWardrobe();
        },
        onError: (err) => {
          const code = appErrorCode(err);
          // user-area §8: 'Image already saved to wardrobe' refreshes the list; the look is saved.
          if (code === 'already_saved') {
            setDone(true);
            onSaved?.(imageId);
          } else if (code === 'wardrobe_full') {
            // Another tab filled the wardrobe: the count refetched below brings the banner.
            setRefusedFull(true);
          } else {
            toast({ title: 'Save failed', description: errorMessage(err, SAVE_FAILED), variant: 'destructive' });
          }
          void refreshWardrobe();
        },
      },
    );
  }

  if (!policy) return null;
  if (isSaved) {
    return (
      <Button variant="secondary" size={size} disabled className={className}>
        <BookmarkCheck aria-hidden="true" className="h-4 w-4" />
        {wardrobeMessages.saved}
      </Button>
    );
  }
  if (!allowed) return <UpgradeToSave size={size} className={className} detail={wardrobeMessages.tierRequired} />;
  if (full || refusedFull) return <UpgradeToSave size={size} className={className} />;
  return (
    <Button
      variant="outline"
      size={size}
      className={className}
      pending={save.isPending}
      pendingLabel={wardrobeMessages.saving}
      // A look whose state is still being asked for is not offered yet (it may be saved).
      disabled={saved === undefined && check.isPending}
      onClick={onSave}
    >
      <Bookmark aria-hidden="true" className="h-4 w-4" />
      {wardrobeMessages.save}
    </Button>
  );
}

/** 'Upgrade to Save': a link to the tiers, with a small card saying why on hover or focus. */
function UpgradeToSave({ size, className, detail }: { size: ButtonSize; className?: string; detail?: string }) {
  const cardId = useId();
  return (
    <span className={cn('group relative inline-flex', className)}>
      <Link to="/tiers" aria-describedby={detail ? cardId : undefined} className={buttonClasses({ variant: 'outline', size })}>
        <Lock aria-hidden="true" className="h-4 w-4" />
        {wardrobeMessages.upgradeToSave}
      </Link>
      {detail ? (
        <span
          id={cardId}
          role="tooltip"
          className="absolute left-0 top-full sm:left-auto sm:right-0 z-20 mt-2 hidden w-64 rounded-xl border border-linen bg-paper p-3 text-xs leading-relaxed text-umber shadow-lift group-focus-within:block group-hover:block"
        >
          <span className="block font-semibold text-ink">Stylist and above</span>
          {detail}
        </span>
      ) : null}
    </span>
  );
}
