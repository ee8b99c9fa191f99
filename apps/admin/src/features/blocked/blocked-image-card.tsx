import { useId, useState } from 'react';
import { ImageOff } from 'lucide-react';
import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS } from '@drape/contracts';
import { BLOCKED_NOTES_MAX, type BlockedImageView, type BlockedReviewStatus } from '@drape/contracts/admin';
import { Badge, Button, Spinner, Textarea, type BadgeTone } from '@drape/ui';
import { usePrivateImage } from './use-private-image';

export type BlockedAction = 'restore' | 'approved' | 'rejected';

const nameOf = (list: readonly { id: string; name: string }[], id: string | null) => (id ? (list.find((e) => e.id === id)?.name ?? id) : null);
const STATUS_TONE: Record<BlockedReviewStatus, BadgeTone> = { pending: 'gold', approved: 'success', rejected: 'danger', restored: 'ink' };
export const REASON_LABELS: Record<string, string> = {
  content_safety: 'Content safety',
  quality_threshold: 'Quality threshold',
  anatomical_defects: 'Anatomical defects',
  insufficient_clothing: 'Insufficient clothing',
  attribute_mismatch: 'Attribute mismatch',
};
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Score({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-1.5 text-center">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-slate-900">{value ?? '—'}</dd>
    </div>
  );
}

/** One blocked image: its private picture, why it was refused, its scores, and for a pending one the review actions. */
export function BlockedImageCard({ image, busy, onAction }: {
  image: BlockedImageView;
  /** The action running for this card, if any. */
  busy: BlockedAction | null;
  onAction: (action: BlockedAction, notes: string) => void;
}) {
  const picture = usePrivateImage(image.blocked_s3_url);
  const [notes, setNotes] = useState('');
  const headingId = useId();
  const notesId = useId();
  const selection = nameOf(TRENDS, image.trend) ?? nameOf(PALETTES, image.color_palette) ?? nameOf(OCCASIONS, image.occasion) ?? image.combo_code;
  const traits = [image.gender === 'female' ? 'Female' : 'Male', nameOf(STYLE_VIBES, image.style_vibe), nameOf(SKIN_TONES, image.skin_tone), nameOf(BODY_SHAPES, image.body_shape)]
    .filter(Boolean).join(' · ');
  const pending = image.admin_review_status === 'pending';

  return (
    <article aria-labelledby={headingId} data-blocked-id={image.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[3/4] bg-slate-100">
        {picture.state === 'ready' ? (
          <img src={picture.src} alt={`Blocked look: ${selection}, ${traits}`} className="h-full w-full object-cover" />
        ) : picture.state === 'loading' ? (
          <div role="status" className="flex h-full items-center justify-center gap-2 text-sm text-slate-500">
            <Spinner className="h-4 w-4" /> Loading image…
          </div>
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-500">
            <ImageOff aria-hidden="true" className="h-6 w-6" /> Image unavailable
          </div>
        )}
        <Badge tone={STATUS_TONE[image.admin_review_status]} className="absolute left-2 top-2">
          {image.admin_review_status}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">{selection}</h3>
          <p className="text-xs text-slate-600">{traits}</p>
        </div>
        <div>
          <p className="text-sm font-medium text-rose-700">{REASON_LABELS[image.rejection_reason] ?? image.rejection_reason}</p>
          {image.rejection_details.reasoning && <p className="mt-0.5 text-sm text-slate-700">{image.rejection_details.reasoning}</p>}
          {image.rejection_details.error && <p className="mt-0.5 font-mono text-xs text-slate-500">{image.rejection_details.error}</p>}
        </div>
        <dl className="grid grid-cols-3 gap-2">
          <Score label="Quality" value={image.quality_score} />
          <Score label="Safety" value={image.safety_score} />
          <Score label="Realism" value={image.human_realism_score} />
        </dl>
        <p className="text-xs text-slate-500">
          Blocked {dateTime.format(new Date(image.blocked_at))}
          {image.reviewed_at && <> · {image.admin_review_status} by {image.admin_reviewer ?? 'an admin'} {dateTime.format(new Date(image.reviewed_at))}</>}
        </p>
        {image.admin_notes && <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{image.admin_notes}</p>}
        {pending && (
          <div className="mt-auto flex flex-col gap-2 border-t border-slate-100 pt-3">
            <label htmlFor={notesId} className="text-xs font-medium text-slate-700">
              Notes (optional)
            </label>
            <Textarea id={notesId} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={BLOCKED_NOTES_MAX} rows={2} className="text-sm" />
            <Button size="sm" onClick={() => onAction('restore', notes)} pending={busy === 'restore'} pendingLabel="Restoring…" disabled={busy !== null}>
              Restore to inventory
            </Button>
            <div className="grid grid-cols-2 gap-2">
              <Button size="sm" variant="outline" onClick={() => onAction('approved', notes)} pending={busy === 'approved'} pendingLabel="Approving…" disabled={busy !== null}>
                Approve
              </Button>
              <Button size="sm" variant="destructive" onClick={() => onAction('rejected', notes)} pending={busy === 'rejected'} pendingLabel="Rejecting…" disabled={busy !== null}>
                Reject
              </Button>
            </div>
          </div>
        )}
      </div>
    </article>
  );
}
