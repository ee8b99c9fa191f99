import { Badge, Card, CardContent } from '@drape/ui';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { ReferralLink } from './referral-link';

export interface TierLockProps {
  heading: string;
  badge: string;
  title: string;
  description: string;
  invitesSent: number;
  /** Friends needed in all for the tier that opens the feature. */
  target: number;
  unlockTierName: string;
  username: string;
  children?: ReactNode;
}

/** A locked feature page: what it unlocks and the invite progress toward it (user-area §2). */
export function TierLock({ heading, badge, title, description, invitesSent, target, unlockTierName, username, children }: TierLockProps) {
  const current = Math.min(invitesSent, target);
  const friendsNeeded = Math.max(0, target - invitesSent);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
      <PageHeader eyebrow={<Badge tone="gold">{badge}</Badge>} title={heading} />
      <Card className="overflow-hidden">
        <div className="grid md:grid-cols-[1fr_1.1fr]">
          <div className="flex flex-col items-start justify-center gap-4 bg-ink p-8 text-ivory">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ivory/10">
              <Lock aria-hidden="true" className="h-5 w-5 text-gold" />
            </span>
            <h2 className="font-display text-3xl">{title}</h2>
            <p className="leading-relaxed text-ivory/75">{description}</p>
          </div>
          <CardContent className="flex flex-col gap-5 py-8">
            <div className="flex flex-col gap-2">
              <div className="flex justify-between text-sm">
                <span className="font-medium text-umber">Friends invited</span>
                <span className="text-taupe">
                  {current}/{target}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label="Friends invited"
                aria-valuemin={0}
                aria-valuemax={target}
                aria-valuenow={current}
                className="h-2 overflow-hidden rounded-full bg-sand"
              >
                <div className="h-full rounded-full bg-gold" style={{ width: `${(current / target) * 100}%` }} />
              </div>
              <p className="text-sm text-taupe">
                {friendsNeeded > 0
                  ? `Invite ${friendsNeeded} more ${friendsNeeded === 1 ? 'friend' : 'friends'} to reach ${unlockTierName} and unlock it.`
                  : 'Contact support to activate'}
              </p>
            </div>
            <ReferralLink username={username} />
          </CardContent>
        </div>
      </Card>
      {children}
    </div>
  );
}
