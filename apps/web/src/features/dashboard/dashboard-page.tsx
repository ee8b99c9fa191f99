import { TIER_NAMES, tierProgress } from '@drape/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, FormMessage } from '@drape/ui';
import { userMessages } from '@drape/contracts/user';
import { PageMeta } from '../../lib/page-meta';
import { ReferralLink } from '../../components/referral-link';
import { useProfile } from '../../lib/use-profile';
import { PageLoading } from '../../components/page-loading';
import { PageHeader } from '../../components/page-header';
import { TierBadge } from '../../components/tier-badge';
import { GenerateLookCard } from './generate-look-card';
import { PersonalizationCard } from './personalization-card';

/** The signed-in home (user-area §2 Dashboard): the Get My Look form, personalization, usage and tier. */
export default function DashboardPage() {
  const profile = useProfile();
  const user = profile.data?.user;
  return (
    <>
      <PageMeta title="Explore AI Fashion" description="Your Drape dashboard." noindex path="/dashboard" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <PageHeader eyebrow="Dashboard" title="Explore AI Fashion" description={user ? `Welcome, ${user.firstName} ${user.lastName}` : undefined} />
        {profile.isError ? <FormMessage>{userMessages.profileLoadFailed}</FormMessage> : null}
        {!user && !profile.isError ? <PageLoading /> : null}
        {user ? (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <GenerateLookCard profileGender={user.gender} />
            <aside aria-label="Your account" className="grid gap-6 md:grid-cols-2 lg:grid-cols-1">
              <DailyImages used={user.dailyImagesUsed} limit={user.dailyImagesLimit} />
              <PersonalizationCard user={user} />
              <YourTier tier={user.tier} referrals={user.referralCount} username={user.username} />
            </aside>
          </div>
        ) : null}
      </div>
    </>
  );
}

function Meter({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-sand"
    >
      <div className="h-full rounded-full bg-gradient-to-r from-gold to-gold-ink transition-[width]" style={{ width: `${pct}%` }} />
    </div>
  );
}

function DailyImages({ used, limit }: { used: number; limit: number }) {
  const remaining = Math.max(0, limit - used);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Daily Images</CardTitle>
        <CardDescription>Personalized looks you can generate today.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="font-display text-5xl font-medium text-ink">
          {used} <span className="text-2xl text-taupe">/ {limit}</span>
        </p>
        <Meter value={used} max={limit} label="Daily images used" />
        <p className="text-sm text-taupe">
          {remaining} {remaining === 1 ? 'generation' : 'generations'} remaining today
        </p>
      </CardContent>
    </Card>
  );
}

function YourTier({ tier, referrals, username }: { tier: Parameters<typeof tierProgress>[0]; referrals: number; username: string }) {
  const progress = tierProgress(tier, referrals);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h2">Your Tier</CardTitle>
          <TierBadge tier={tier} />
        </div>
        <CardDescription>
          {progress.next
            ? `Invite ${progress.friendsNeeded} more ${progress.friendsNeeded === 1 ? 'friend' : 'friends'} to unlock ${TIER_NAMES[progress.next]}.`
            : 'You have reached the highest tier.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <div className="flex justify-between text-sm text-taupe">
            <span>Friends invited</span>
            <span>
              {progress.current} / {progress.target}
            </span>
          </div>
          <Meter value={progress.current} max={progress.target} label="Friends invited" />
        </div>
        <ReferralLink username={username} />
      </CardContent>
    </Card>
  );
}
