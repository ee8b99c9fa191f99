import { referralPath } from '@drape/contracts';
import { Button, Input, Label } from '@drape/ui';
import { Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';

/** user-area §4: a copied indicator for 2 to 3 seconds; a clipboard failure is ignored. */
const COPIED_MS = 3000;

/** `/{username}`, or `/auth?ref=` for an account holding a route's name (contracts' referralPath). */
export function referralUrl(username: string): string {
  return `${window.location.origin}${referralPath(username)}`;
}

export function ReferralLink({ username }: { username: string }) {
  const url = referralUrl(username);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(id);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Clipboard access can be refused; the link stays selectable in the field.
    }
  }

  async function share() {
    try {
      await navigator.share({ title: 'Join me on Drape', text: 'Your personalized AI fashion stylist', url });
    } catch {
      // Cancelled or unsupported.
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="referral-link">Your referral link</Label>
      <div className="flex gap-2">
        <Input id="referral-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="h-11 min-w-0 text-sm" />
        <Button variant="outline" size="icon" className="h-11 w-11 shrink-0" onClick={() => void copy()} aria-label="Copy referral link">
          {copied ? <Check aria-hidden="true" className="h-4 w-4 text-success" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
        </Button>
        {'share' in navigator ? (
          <Button variant="outline" size="icon" className="h-11 w-11 shrink-0" onClick={() => void share()} aria-label="Share referral link">
            <Share2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
      <p role="status" className="min-h-4 text-xs text-success">
        {copied ? 'Referral link copied' : ''}
      </p>
    </div>
  );
}
