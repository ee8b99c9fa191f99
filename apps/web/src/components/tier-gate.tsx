import type { ReactNode } from 'react';
import { tierPolicy, type TierPolicy } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { userMessages } from '@drape/contracts/user';
import { FormMessage } from '@drape/ui';
import { useProfile } from '../lib/use-profile';
import { PageLoading } from './page-loading';
import { TierLock } from './tier-lock';
import { unlockByReferrals } from '../lib/tier-unlock';

export interface TierGateProps {
  /** The tier-policy right the page needs. */
  feature: keyof Pick<TierPolicy, 'wardrobe' | 'lookbook'>;
  lock: { heading: string; badge: string; title: string; description: string; teaser?: ReactNode };
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
    const unlock = unlockByReferrals((policy) => policy[feature]);
    return (
      <TierLock
        heading={lock.heading}
        badge={lock.badge}
        title={lock.title}
        description={lock.description}
        invitesSent={user.invitesSent}
        target={unlock.friends}
        unlockTierName={unlock.tierName}
        username={user.username}
      >
        {lock.teaser}
      </TierLock>
    );
  }
  return <>{children(user)}</>;
}
