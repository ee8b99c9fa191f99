import { shareMessages, sharedOutfitPath, type ShareType } from '@drape/contracts/share';
import { Button, Input, Label, cn, type ButtonSize, type ButtonVariant } from '@drape/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTRPC } from '../lib/trpc';

/** user-area §9: copied indicators show for 2 to 3 seconds. */
const NOTE_MS = 2500;
const BONUS_MS = 5000;

type Delivery = 'shared' | 'copied' | 'cancelled' | 'manual';

/** The system share sheet where the browser has one, else the clipboard; 'manual' when neither works. */
async function deliver(data: { title: string; text: string; url: string }): Promise<Delivery> {
  if (typeof navigator.share === 'function' && navigator.canShare?.(data) !== false) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (err) {
      // A closed sheet is the user's choice, not a failure; anything else (refused, no target) falls back to copying.
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'manual';
  }
}

export interface ShareButtonProps {
  imageId: string;
  /** Where the share starts (counted by the share bonus). */
  shareType: ShareType;
  /** The share sheet's title, e.g. the look's name. */
  title: string;
  text?: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * Shares a look: records its public link (share.create), hands it to the share sheet or the
 * clipboard, then counts the share (share.track), whose first of the day raises today's limit.
 */
export function ShareButton({
  imageId, shareType, title, text = 'A look styled for me by Drape, my AI fashion stylist.', label = 'Share', variant = 'outline', size = 'md', className,
}: ShareButtonProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.share.create.mutationOptions());
  const track = useMutation(trpc.share.track.mutationOptions());
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [bonus, setBonus] = useState(false);
  const [failed, setFailed] = useState(false);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const inputId = useId();

  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), NOTE_MS);
    return () => clearTimeout(id);
  }, [copied]);
  useEffect(() => {
    if (!bonus) return;
    const id = setTimeout(() => setBonus(false), BONUS_MS);
    return () => clearTimeout(id);
  }, [bonus]);

  function countShare() {
    track.mutate(
      { imageId, shareType },
      {
        onSuccess: (answer) => {
          if (!answer.bonusGranted) return;
          setBonus(true);
          // The dashboard's Daily Images card reads the limit from the profile.
          void queryClient.invalidateQueries({ queryKey: trpc.user.profile.queryKey() });
        },
        // Counting is a side matter: the look is shared either way.
        onError: (err) => console.warn('Share tracking failed.', err),
      },
    );
  }

  async function share() {
    setBusy(true);
    setFailed(false);
    setCopied(false);
    setManualUrl(null);
    // The link is known before the server answers, and the share sheet and clipboard need this
    // click's user activation, which waiting for the answer would use up (Safari): they run now,
    // while the share is recorded.
    const url = `${window.location.origin}${sharedOutfitPath(imageId)}`;
    const recorded = create.mutateAsync({ imageId });
    recorded.catch(() => {});
    try {
      const delivery = await deliver({ title, text, url });
      await recorded;
      if (delivery === 'cancelled') return;
      if (delivery === 'manual') {
        setManualUrl(url);
        return;
      }
      if (delivery === 'copied') setCopied(true);
      countShare();
    } catch (err) {
      console.warn('Sharing a look failed.', err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const note = [copied ? shareMessages.linkCopied : null, bonus ? shareMessages.bonusGranted : null].filter(Boolean).join(' · ');
  return (
    <div className={cn('relative flex flex-col items-start', className)}>
      <Button variant={variant} size={size} pending={busy} onClick={() => void share()}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {label}
      </Button>
      {/* The note floats under the button: the buttons beside it do not move when it comes and goes. */}
      <p role="status" className={cn('absolute left-0 top-full z-10 mt-1.5 w-max max-w-[80vw] text-xs font-medium', failed ? 'text-danger' : 'text-success')}>
        {failed ? shareMessages.failed : note}
      </p>
      {manualUrl ? (
        <div className="mt-2 flex w-full min-w-64 flex-col gap-1.5">
          <Label htmlFor={inputId} className="text-xs">
            {shareMessages.copyManually}
          </Label>
          <Input
            id={inputId}
            readOnly
            value={manualUrl}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            onCopy={countShare}
            className="h-10 text-sm"
          />
        </div>
      ) : null}
    </div>
  );
}
