import { errorMessage } from '@drape/client';
import { APP_ERRORS } from '@drape/contracts';
import {
  CLOSET_CATEGORIES, CLOSET_CATEGORY_NAMES, CLOSET_NAME_MAX, closetUploadFields, type ClosetList, type ClosetPiece,
} from '@drape/contracts/closet';
import { Alert, Button, Form, FormController, FormError, FormField, Input, useZodForm } from '@drape/ui';
import { CheckCircle2, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { isPhotoRefusal, uploadProblem } from './closet-upload';
import { photoProblem } from './photo-check';
import { PhotoPicker } from './photo-picker';
import { CategoryChoice, ColorDot, ColorFamilySelect, PatternChoice, PieceFacts } from './piece-fields';
import { PieceImage } from './piece-image';
import { pieceName } from './piece-names';
import { useUpdatePiece, useUploadPiece } from './use-closet';

const uploadMessages = {
  choosePhoto: 'Choose a photo of the piece.',
  chooseCategory: 'Choose the category of the piece.',
  correctionFailed: 'Your correction could not be saved. Please try again.',
} as const;

/** The upload's fields as the contract checks them, with the photo as the browser holds it and checked as the server will. */
const uploadFormSchema = closetUploadFields.extend({
  category: z.enum(CLOSET_CATEGORIES, uploadMessages.chooseCategory),
  photo: z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, uploadMessages.choosePhoto).superRefine((file, ctx) => {
    const problem = photoProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
type UploadFormInput = z.input<typeof uploadFormSchema>;

type PieceCorrection = Partial<Pick<ClosetPiece, 'colorFamily' | 'pattern'>>;

const EMPTY: Partial<UploadFormInput> = { photo: undefined, category: undefined, name: '' };

export interface UploadPanelProps {
  /** The list as last read (its count and cap), or undefined while it loads or when it failed. */
  list: ClosetList | undefined;
  /** Set to a function that opens the photo chooser (the empty grid's call to add a piece). */
  openPicker: RefObject<(() => void) | null>;
  className?: string;
}

/**
 * Add a piece (issue 19, section 3): the photo, checked and shown before it is sent, the category
 * and an optional name; then the piece as measured, its colour and pattern correctable at once.
 */
export function UploadPanel({ list, openPicker, className }: UploadPanelProps) {
  const headingId = useId();
  const [added, setAdded] = useState<ClosetPiece | null>(null);
  // The piece as the list holds it now (a correction made here or on its card); gone if it was deleted.
  const current = added ? (list ? list.pieces.find((p) => p.id === added.id) : added) : undefined;
  const full = list !== undefined && list.count >= list.cap;

  let body;
  if (current) body = <JustAdded piece={current} cap={full ? list.cap : null} onAddAnother={() => setAdded(null)} />;
  else if (full) body = <FullMessage cap={list.cap} />;
  else body = <UploadForm onAdded={setAdded} openPicker={openPicker} />;

  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-linen bg-paper p-5 shadow-soft sm:p-6">
        <div className="flex flex-col gap-2">
          <h2 id={headingId} className="font-display text-2xl font-medium">
            Add a piece
          </h2>
          <p className="text-sm leading-relaxed text-taupe">
            The category is yours to choose. The color, and whether the piece is solid or patterned, are measured from your photo;
            Drape does not try to recognize the garment itself, so you can correct what it measured. Your photos are private to
            you.
          </p>
        </div>
        {body}
      </div>
    </section>
  );
}

function FullMessage({ cap }: { cap: number }) {
  return (
    <Alert tone="warning">
      <span className="font-semibold">{APP_ERRORS.closet_full.message}</span> Your tier keeps up to {cap} pieces.{' '}
      <Link to="/tiers" className="underline underline-offset-4">
        See the tiers
      </Link>
    </Alert>
  );
}

function UploadForm({ onAdded, openPicker }: { onAdded: (piece: ClosetPiece) => void; openPicker: RefObject<(() => void) | null> }) {
  const id = useId();
  const form = useZodForm(uploadFormSchema, { defaultValues: EMPTY });
  const upload = useUploadPiece();
  const [progress, setProgress] = useState<number | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const chooseInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    openPicker.current = () => chooseInput.current?.click();
    return () => {
      openPicker.current = null;
      // Leaving the page mid-upload: nothing is waiting for the answer any more.
      aborter.current?.abort();
    };
  }, [openPicker]);

  const pending = form.formState.isSubmitting;
  const sent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <Form
      form={form}
      aria-label="Add a piece"
      className="flex flex-col gap-5"
      onSubmit={async ({ photo, category, name }) => {
        const controller = new AbortController();
        aborter.current = controller;
        setProgress(0);
        try {
          const piece = await upload.mutateAsync({
            input: { photo, category, name: name?.trim() || undefined },
            options: { onProgress: setProgress, signal: controller.signal },
          });
          form.reset(EMPTY);
          onAdded(piece);
        } catch (err) {
          if (controller.signal.aborted) return;
          form.setError(isPhotoRefusal(err) ? 'photo' : 'root', { message: uploadProblem(err) });
        } finally {
          aborter.current = null;
          setProgress(null);
        }
      }}
    >
      <FormController
        control={form.control}
        name="photo"
        render={({ field, error }) => (
          <PhotoPicker
            id={`${id}-photo`}
            file={field.value}
            inputRef={(el) => {
              chooseInput.current = el;
              field.ref(el);
            }}
            error={error}
            disabled={pending}
            onChoose={(file) => {
              const problem = photoProblem(file);
              field.onChange(problem ? undefined : file);
              if (problem) form.setError('photo', { message: problem });
            }}
            onClear={() => {
              field.onChange(undefined);
              chooseInput.current?.focus();
            }}
            onUnreadable={() => {
              field.onChange(undefined);
              form.setError('photo', { message: APP_ERRORS.closet_photo_invalid.message });
            }}
          />
        )}
      />
      <FormController
        control={form.control}
        name="category"
        render={({ field, error }) => (
          <CategoryChoice
            name={`${id}-category`}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={error}
            disabled={pending}
          />
        )}
      />
      <FormField
        control={form.control}
        name="name"
        id={`${id}-name`}
        label="Name"
        aside="Optional"
        hint="Without one, the piece is named by its color and category, such as 'Red top'."
        render={({ value, ...field }) => (
          <Input {...field} value={value ?? ''} maxLength={CLOSET_NAME_MAX} autoComplete="off" placeholder="Linen shirt" disabled={pending} />
        )}
      />
      <FormError />
      {pending ? (
        <div className="flex flex-col gap-2">
          <div
            role="progressbar"
            aria-label="Sending your photo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={sent}
            className="h-1.5 overflow-hidden rounded-full bg-sand"
          >
            <div className="h-full rounded-full bg-gold transition-[width]" style={{ width: `${sent}%` }} />
          </div>
          <p aria-live="polite" className="text-xs text-taupe">
            {sent < 100 ? `Sending your photo... ${sent}%` : 'Measuring its color and pattern...'}
          </p>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {pending ? (
          <Button variant="ghost" onClick={() => aborter.current?.abort()}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" pending={pending} pendingLabel="Adding..." className="w-full sm:w-auto">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add to My Pieces
        </Button>
      </div>
    </Form>
  );
}

/** The piece just added, as measured, with its colour family and pattern correctable on the spot. */
function JustAdded({ piece, cap, onAddAnother }: { piece: ClosetPiece; cap: number | null; onAddAnother: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const update = useUpdatePiece();
  // The choice shows the moment it is made: the cache's own update reaches this render a task later.
  const [override, setOverride] = useState<PieceCorrection>({});
  useEffect(() => setOverride({}), [piece]);
  const shown = { ...piece, ...override };
  const correct = (changes: PieceCorrection) => {
    setOverride((current) => ({ ...current, ...changes }));
    update.mutate({ id: piece.id, ...changes });
  };
  const name = pieceName(shown);

  // The form that had focus is gone: the news takes it, so a screen reader reads what was measured.
  useEffect(() => heading.current?.focus(), []);

  let status: string | null = null;
  if (update.isPending) status = 'Saving...';
  else if (update.isError) status = errorMessage(update.error, uploadMessages.correctionFailed);
  else if (update.isSuccess) status = 'Saved.';

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-4 rounded-2xl border border-success/25 bg-success-soft/50 p-3">
        <PieceImage src={piece.thumbnailUrl} className="h-20 w-20 shrink-0 rounded-xl" />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 ref={heading} tabIndex={-1} className="flex items-center gap-1.5 text-sm font-medium text-success focus:outline-none">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            Added to {CLOSET_CATEGORY_NAMES[piece.category]}
          </h3>
          <p className="truncate font-display text-lg font-medium text-ink">{name}</p>
          <PieceFacts colorFamily={shown.colorFamily} pattern={shown.pattern} />
          {/* The shade itself, beside the family it was named by (a correction changes the family, never the shade). */}
          <p className="inline-flex items-center gap-1.5 text-xs text-taupe">
            <ColorDot color={piece.colorHex} className="h-3 w-3" />
            Measured shade
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-taupe">Measured from your photo. Not quite right? Correct it here.</p>
        <ColorFamilySelect
          id={`${id}-color`}
          value={shown.colorFamily}
          onChange={(colorFamily) => correct({ colorFamily })}
          aria-describedby={`${id}-status`}
        />
        <PatternChoice name={`${id}-pattern`} value={shown.pattern} onChange={(pattern) => correct({ pattern })} />
        <p id={`${id}-status`} aria-live="polite" className={update.isError ? 'text-xs font-medium text-danger' : 'text-xs text-taupe'}>
          {status}
        </p>
      </div>
      {cap !== null ? (
        <FullMessage cap={cap} />
      ) : (
        <Button variant="outline" onClick={onAddAnother} className="w-full sm:w-auto sm:self-start">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add another piece
        </Button>
      )}
    </div>
  );
}
