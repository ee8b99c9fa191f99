import { inviteMessages, type InviteStep } from '@drape/contracts';
import { Card, CardContent } from '@drape/ui';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { InviteStepMeter } from './invite-step-meter';
import { PageHeader } from './page-header';
import { ReferralLink } from './referral-link';
import { TierBadge } from './tier-badge';

export interface TierLockProps {
  heading: string;
  title: string;
  description: string;
  /** The step whose tier opens the page: the badge, the main bar and the text all name it. */
  opens: InviteStep;
  /** Later steps and what each adds (the LookBook's Fashion Icon), each with its own bar. */
  beyond?: { step: InviteStep; perk: string }[];
  /** What the opening step gives on this page, when it differs by tier. */
  opensPerk?: string;
  username: string;
  children?: ReactNode;
}

/** A locked feature page: the tier that opens it and the invite progress toward it (user-area §2). */
export function TierLock({ heading, title, description, opens, beyond = [], opensPerk, username, children }: TierLockProps) {
  const steps = [{ step: opens, perk: opensPerk, text: inviteMessages.toUnlock(opens) }, ...beyond.map((b) => ({ ...b, text: inviteMessages.toReach(b.step) }))];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
      <PageHeader eyebrow={<TierBadge tier={opens.tier} />} title={heading} />
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
            <ul className="flex flex-col gap-5" aria-label="Invite progress">
              {steps.map(({ step, perk, text }) => (
                <li key={step.tier} className="flex flex-col gap-2">
                  {perk ? (
                    <p className="text-sm">
                      <span className="font-semibold text-ink">{step.name}</span>
                      <span className="text-taupe"> ({inviteMessages.stepFriends(step)}): {perk}</span>
                    </p>
                  ) : null}
                  <InviteStepMeter step={step} />
                  <p className="text-sm text-taupe">{text}</p>
                </li>
              ))}
            </ul>
            <ReferralLink username={username} />
          </CardContent>
        </div>
      </Card>
      {children}
    </div>
  );
}
