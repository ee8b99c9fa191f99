import type { ReactNode } from 'react';
import { inviteProgress, stepThatOpens, tierPolicy, type InviteStep, type TierPolicy } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { userMessages } from '@drape/contracts/user';
import { FormMessage } from '@drape/ui';
import { useProfile } from '../lib/use-profile';
import { PageLoading } from './page-loading';
import { TierLock } from './tier-lock';

export interface TierGateProps {
  /** The tier-policy right the page needs. */
  feature: keyof Pick<TierPolicy, 'wardrobe' | 'lookbook'>;
  lock: {
    heading: string;
    title: string;
    description: string;
    teaser?: ReactNode;
    /** What each step gives on this page: given, the page shows progress toward every step. */
    perk?: (step: InviteStep) => string;
  };
  children: (user: PublicUser) => ReactNode;
}

/** A page behind a tier: the profile decides between loading, its error, the lock page and the content. */
export function TierGate({ feature, lock, children }: TierGateProps) {
  const profile = useProfile();
  const user = profile.data?.user;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10">
        <FormMessage>{userMessages.profileLoadFailed}</FormMessage>
      </div>
    );
  }
  if (!user) return <PageLoading />;
  if (!tierPolicy(user.tier)[feature]) {
    // One answer for the whole page: the badge, the bars and the text name the same steps.
    const progress = inviteProgress(user.tier, user.invitesSent);
    const opens = stepThatOpens(progress, (policy) => policy[feature]);
    const { perk } = lock;
    return (
      <TierLock
        heading={lock.heading}
        title={lock.title}
        description={lock.description}
        opens={opens}
        opensPerk={perk?.(opens)}
        beyond={perk ? progress.steps.filter((s) => s.friends > opens.friends).map((step) => ({ step, perk: perk(step) })) : []}
        username={user.username}
      >
        {lock.teaser}
      </TierLock>
    );
  }
  return <>{children(user)}</>;
}
