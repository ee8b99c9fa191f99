import { appErrorCode, errorMessage } from '@drape/client';
import { galleryMessages } from '@drape/contracts/admin';
import { QUALITY_KEEP, QUALITY_KEEP_FEMALE_FAIR } from '@drape/contracts/generation';
import {
  Button, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, type ToastInput,
} from '@drape/ui';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { useGalleryCache } from './use-gallery';

const count = new Intl.NumberFormat();

/** The spec's cleanup failure toasts (§8): busy, the server's message, or the default. */
function cleanupFailure(error: unknown): ToastInput {
  const description = appErrorCode(error) === 'system_busy' ? galleryMessages.cleanupBusy : errorMessage(error, galleryMessages.cleanupFailed);
  return { title: galleryMessages.cleanupTitle, description, variant: 'destructive' };
}

/** The low-quality cleanup (§8): asks first, then deletes and refreshes every list. */
export function useGalleryCleanup(onDone: () => void) {
  const trpc = useTRPC();
  const cache = useGalleryCache();
  return useAdminMutation({
    ...trpc.admin.gallery.cleanupLowQuality.mutationOptions(),
    onSuccess: () => void cache.refresh(),
    onSettled: onDone,
    toasts: {
      success: (r) => ({
        title: 'Cleanup complete',
        description: `${count.format(r.totalDeleted)} images deleted (${count.format(r.femaleFairDeleted)} female fair skin, ${count.format(r.othersDeleted)} others).`,
      }),
      failure: cleanupFailure,
    },
  });
}

export function CleanupDialog({ open, onOpenChange, cleanup }: {
  open: boolean; onOpenChange: (open: boolean) => void; cleanup: ReturnType<typeof useGalleryCleanup>;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !cleanup.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Clean up low-quality images?</DialogTitle>
          <DialogDescription>
            Deletes for good every image scoring under {QUALITY_KEEP_FEMALE_FAIR} (female, fair skin) or under {QUALITY_KEEP} (all others), rows and files.
            Looks in a wardrobe, the LookBook or the showcase are kept.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <p className="text-sm text-slate-600">The operator CLI&apos;s <code>cleanup</code> does the same; one cleanup runs at a time.</p>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cleanup.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => cleanup.mutate()} pending={cleanup.isPending} pendingLabel="Cleaning up…">
            Run cleanup
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
