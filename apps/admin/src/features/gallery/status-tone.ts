import type { GalleryStatus } from '@drape/contracts/admin';

/**
 * settings-and-admin §4 Image status colours: active or approved green, pending yellow, rejected or
 * failed red, others grey. A viewable look is active (Get My Look serves it), a LookBook look is
 * approved (public); archived is the grey "other" (docs/spec-notes.md, Admin: gallery).
 */
export const STATUS_CLASSES: Record<GalleryStatus, string> = {
  viewable: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  lookbook: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  archived: 'border-slate-200 bg-slate-100 text-slate-700',
};
