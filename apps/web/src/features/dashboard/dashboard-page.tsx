import { inviteMessages, inviteProgress, type Tier } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, FormMessage } from '@drape/ui';
import { userMessages } from '@drape/contracts/user';
import { memo } from 'react';
import { PageMeta } from '../../lib/page-meta';
import { ReferralLink } from '../../components/referral-link';
import { useShownProfile } from '../../lib/use-profile';
import { PageHeader } from '../../components/page-header';
import { InviteStepMeter } from '../../components/invite-step-meter';
import { TierBadge } from '../../components/tier-badge';
import { GenerateLookCard } from './generate-look-card';
import { PersonalizationCard } from '../../components/personalization-card';

/**
 * The signed-in home (user-area §2 Dashboard): the Get My Look form, personalization, usage and
 * tier. Its frame (the heading, the form, the account cards' places) needs no data: it is
 * prerendered and painted before any script runs (decision 0010), and the user fills it in.
 */
export default function DashboardPage() {
  const { user, isError } = useShownProfile();
  return <Dashboard user={user} loadFailed={isError} />;
}

/**
 * Rendered again only when the user shown changes (in a background render that yields to the
 * browser, useShownProfile), not for every change of the profile query's state.
 */
const Dashboard = memo(function Dashboard({ user, loadFailed }: { user: PublicUser | null; loadFailed: boolean }) {
  return (
    <>
      <PageMeta title="Explore AI Fashion" description="Your Drape dashboard." noindex path="/dashboard" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <PageHeader
          eyebrow="Dashboard"
          title="Explore AI Fashion"
          // One line kept for the welcome from the first paint: nothing below it moves when it arrives.
          description={<span className="block truncate">{user ? `Welcome, ${user.firstName} ${user.lastName}` : '\u00a0'}</span>}
        />
        {/* As on the profile and settings: the cards below keep the user stored at the last answer. */}
        {loadFailed ? <FormMessage>{userMessages.profileLoadFailed}</FormMessage> : null}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <GenerateLookCard profileGender={user?.gender ?? null} />
          <aside aria-label="Your account" aria-busy={!user} className="grid gap-6 md:grid-cols-2 lg:grid-cols-1">
            {user ? (
              <>
                <DailyImages used={user.dailyImagesUsed} limit={user.dailyImagesLimit} />
                <PersonalizationCard user={user} />
                <YourTier tier={user.tier} referrals={user.referralCount} username={user.username} />
              </>
            ) : (
              <>
                <CardPlaceholder title="Daily Images" className="min-h-[15.5rem]" />
                <CardPlaceholder title="Personalization Options" className="min-h-[24rem]" />
                <CardPlaceholder title="Your Tier" className="min-h-[19rem]" />
              </>
            )}
          </aside>
        </div>
      </div>
    </>
  );
});

/** An account card's place until the user is known: its title, and its height kept. */
function CardPlaceholder({ title, className }: { title: string; className: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4" aria-hidden="true">
        <div className="h-4 w-3/4 rounded-full bg-sand motion-safe:animate-pulse" />
        <div className="h-10 w-1/3 rounded-full bg-sand motion-safe:animate-pulse" />
        <div className="h-2 w-full rounded-full bg-sand motion-safe:animate-pulse" />
      </CardContent>
    </Card>
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

function YourTier({ tier, referrals, username }: { tier: Tier; referrals: number; username: string }) {
  // The next step above the tier (3 friends, then 5): the same answer as the lock pages'.
  const { next, steps } = inviteProgress(tier, referrals);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h2">Your Tier</CardTitle>
          <TierBadge tier={tier} />
        </div>
        <CardDescription>{inviteMessages.toNext(next)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <InviteStepMeter step={next ?? steps.at(-1)!} />
        <ReferralLink username={username} />
      </CardContent>
    </Card>
  );
}
