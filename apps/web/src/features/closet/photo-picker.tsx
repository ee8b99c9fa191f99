import { CLOSET_PHOTO_MAX_BYTES } from '@drape/contracts/closet';
import { Button, buttonClasses, cn } from '@drape/ui';
import { Camera, ImagePlus, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ChangeEvent, type DragEvent, type Ref } from 'react';
import { formatBytes, PHOTO_ACCEPT } from './photo-check';

const COARSE_POINTER = '(pointer: coarse)';

function subscribePointer(onChange: () => void) {
  const query = window.matchMedia(COARSE_POINTER);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** A touch screen (a phone, a tablet): where a camera is at hand and 'Take a photo' means something. */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribePointer, () => window.matchMedia(COARSE_POINTER).matches, () => false);
}

/** An object URL of the chosen file for the preview, revoked when the file changes or the picker goes. */
function useObjectUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export interface PhotoPickerProps {
  id: string;
  file: File | undefined;
  /** A file the user chose or dropped (the caller checks it). */
  onChoose: (file: File) => void;
  onClear: () => void;
  /** The preview could not be drawn: the file is no image the browser can read. */
  onUnreadable: () => void;
  /** The 'Choose a photo' input, for the form to focus when the photo is missing. */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
}

const MAX_MB = Math.round(CLOSET_PHOTO_MAX_BYTES / (1024 * 1024));

/**
 * The photo of one piece: on a touch screen 'Take a photo' (straight to the back camera) and
 * 'Choose a photo' (the library, whose sheet also offers the camera); elsewhere 'Choose a photo'
 * or a file dropped on the frame. Once chosen, the photo is shown as it will be sent.
 */
export function PhotoPicker({ id, file, onChoose, onClear, onUnreadable, inputRef, error, disabled }: PhotoPickerProps) {
  const coarse = useCoarsePointer();
  const preview = useObjectUrl(file);
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (chosen) onChoose(chosen);
  };
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const chosen = event.dataTransfer.files[0];
    if (chosen && !disabled) onChoose(chosen);
  };

  const inputClasses = 'sr-only';
  const labelFocus = 'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink';
  const chooseInput = (
    <input
      ref={inputRef}
      id={`${id}-choose`}
      type="file"
      accept={PHOTO_ACCEPT}
      onChange={picked}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className={inputClasses}
    />
  );

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-umber">
        Photo
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={(event) => {
          // Moving over the frame's own children is no leaving.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={dropped}
        className={cn(
          'relative flex flex-col items-center justify-center gap-4 overflow-hidden rounded-2xl border border-dashed bg-ivory text-center transition-colors',
          file ? 'border-linen p-3' : 'border-stone px-5 py-8',
          dragging && 'border-ink bg-sand',
          error && 'border-danger',
        )}
      >
        {file && preview ? (
          <>
            <img
              src={preview}
              alt="The photo you chose"
              onError={onUnreadable}
              className="aspect-square w-full max-w-72 rounded-xl bg-sand object-contain"
            />
            <p className="max-w-full truncate text-xs text-taupe">
              {file.name} · {formatBytes(file.size)}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <label className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), labelFocus, disabled && 'pointer-events-none opacity-50')}>
                {chooseInput}
                <ImagePlus aria-hidden="true" className="h-4 w-4" />
                Change photo
              </label>
              <Button variant="ghost" size="sm" onClick={onClear} disabled={disabled}>
                <X aria-hidden="true" className="h-4 w-4" />
                Remove photo
              </Button>
            </div>
          </>
        ) : (
          <>
            <span aria-hidden="true" className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
              <Camera className="h-5 w-5" />
            </span>
            <p className="max-w-xs text-sm text-umber">
              One piece per photo, laid flat or on a hanger, on a plain background in daylight.
            </p>
            <div className="flex w-full flex-col items-stretch gap-2 sm:w-auto sm:flex-row sm:justify-center">
              {coarse ? (
                <label className={cn(buttonClasses({ variant: 'primary' }), labelFocus, disabled && 'pointer-events-none opacity-50')}>
                  <input
                    id={`${id}-camera`}
                    type="file"
                    accept={PHOTO_ACCEPT}
                    capture="environment"
                    onChange={picked}
                    disabled={disabled}
                    aria-describedby={describedBy}
                    className={inputClasses}
                  />
                  <Camera aria-hidden="true" className="h-4 w-4" />
                  Take a photo
                </label>
              ) : null}
              <label
                className={cn(buttonClasses({ variant: coarse ? 'outline' : 'primary' }), labelFocus, disabled && 'pointer-events-none opacity-50')}
              >
                {chooseInput}
                <ImagePlus aria-hidden="true" className="h-4 w-4" />
                Choose a photo
              </label>
            </div>
          </>
        )}
      </div>
      <p id={hintId} className="text-xs leading-relaxed text-taupe">
        JPEG, PNG or WebP, up to {MAX_MB} MB{coarse ? '.' : '. You can also drop a photo on the frame.'}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium leading-relaxed text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
