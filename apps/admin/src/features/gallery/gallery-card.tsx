import { ChevronDown, Globe, Trash2, UserRound } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { GALLERY_STATUS_NAMES, galleryMessages, type GalleryImage } from '@drape/contracts/admin';
import { lookAltText } from '@drape/contracts';
import { QUALITY_KEEP } from '@drape/contracts/generation';
import {
  Button, cn, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle,
} from '@drape/ui';
import { GALLERY_SIZES } from '../../lib/look-grid-sizes';
import { LookThumbnail } from '../../lib/look-thumbnail';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { ComboDetails } from './combo-details';
import { ImagePieces } from './image-pieces';
import { STATUS_CLASSES } from './status-tone';
import { useGalleryCache } from './use-gallery';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Disclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-md px-1 py-1.5 text-left text-sm font-medium text-indigo-700 hover:bg-indigo-50"
      >
        {label}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={id} hidden={!open} className="pt-1">
        {open && children}
      </div>
    </div>
  );
}

/** One look of the gallery: its picture, status, score and names, its pieces and combination, and the actions. */
export function GalleryCard({ image }: { image: GalleryImage }) {
  const trpc = useTRPC();
  const cache = useGalleryCache();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const makePublic = useAdminMutation({
    ...trpc.admin.gallery.makePublic.mutationOptions(),
    onSuccess: () => cache.madePublic(image.id),
    toasts: {
      success: (answer) => ({ title: answer.changed ? 'Added to the LookBook' : 'Already in the LookBook' }),
      failure: galleryMessages.makePublicFailed, fallback: galleryMessages.makePublicFailed,
    },
  });
  const remove = useAdminMutation({
    ...trpc.admin.gallery.remove.mutationOptions(),
    onSuccess: () => cache.removed(image.id),
    onSettled: () => setConfirmDelete(false),
    toasts: { success: { title: 'Image deleted permanently' }, failure: galleryMessages.deleteFailed, fallback: galleryMessages.deleteFailed },
  });
  const good = image.quality_score >= QUALITY_KEEP;
  const headingId = useId();

  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <a href={image.image_url} target="_blank" rel="noopener noreferrer" className="block">
        <LookThumbnail
          src={image.thumbnail_url} fullSrc={image.image_url} width={image.width} height={image.height} sizes={GALLERY_SIZES}
          alt={lookAltText({ name: image.selection.name, gender: image.gender, pieces: image.pieces })} className="rounded-none"
        >
          <span className="sr-only">Open the full-size image</span>
          <span className={cn('absolute top-2 left-2 rounded-full border px-2 py-0.5 text-xs font-semibold', STATUS_CLASSES[image.status])}>
            {GALLERY_STATUS_NAMES[image.status]}
          </span>
        </LookThumbnail>
      </a>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900 capitalize">
            {image.gender} · {image.selection.name}
          </h2>
          <span
            className={cn('shrink-0 rounded-md px-1.5 py-0.5 text-xs font-semibold', good ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800')}
            title={good ? 'Good quality (70 or more)' : 'Below 70'}
          >
            Quality {image.quality_score}
          </span>
        </div>
        <p className="text-xs text-slate-600">{[image.vibe, image.skinTone, image.bodyShape].filter(Boolean).join(' · ') || 'No personalisation'}</p>
        <p className="truncate font-mono text-[11px] text-slate-500" title={image.combination_code}>
          {image.combination_code}
        </p>
        <p className="text-xs text-slate-500">
          <time dateTime={image.created_at}>{when.format(new Date(image.created_at))}</time>
          {image.in_showcase && ' · In the showcase'}
        </p>
        <div className="border-t border-slate-100 pt-1">
          <Disclosure label="Pieces">
            <ImagePieces imageId={image.id} gender={image.gender} />
          </Disclosure>
          <Disclosure label="Combination details">
            <ComboDetails code={image.combination_code} />
          </Disclosure>
        </div>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {image.personal ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-700" title="Built live around a user's own pieces: never stock, never public">
              <UserRound aria-hidden="true" className="size-3.5" /> Personal look
            </span>
          ) : image.status === 'lookbook' ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
              <Globe aria-hidden="true" className="size-3.5" /> Public in the LookBook
            </span>
          ) : (
            <Button size="sm" onClick={() => makePublic.mutate({ id: image.id })} pending={makePublic.isPending} pendingLabel="Making public…" disabled={remove.isPending}>
              <Globe aria-hidden="true" className="size-4" />
              Make public
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)} disabled={remove.isPending || makePublic.isPending} className="text-red-700">
            <Trash2 aria-hidden="true" className="size-4" />
            Delete permanently
          </Button>
        </div>
      </div>

      <DeleteDialog open={confirmDelete} onOpenChange={setConfirmDelete} code={image.combination_code} remove={() => remove.mutate({ id: image.id })} pending={remove.isPending} />
    </article>
  );
}

/** Deleting is for good: asked first, with the combination it belongs to. */
function DeleteDialog({ open, onOpenChange, code, remove, pending }: {
  open: boolean; onOpenChange: (open: boolean) => void; code: string; remove: () => void; pending: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this image permanently?</DialogTitle>
          <DialogDescription>
            The look, its pieces and its files are removed for good; it leaves the LookBook and the showcase. A look a user keeps in a wardrobe cannot be
            deleted.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <p className="font-mono text-xs break-all text-slate-600">{code}</p>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={remove} pending={pending} pendingLabel="Deleting…">
            Delete permanently
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
