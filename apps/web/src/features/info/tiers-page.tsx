import { REFERRALS_FOR_FASHION_ICON, REFERRALS_FOR_STYLIST, SHARE_BONUS_PER_DAY, tierPolicy } from '@drape/contracts';
import { Badge, buttonClasses } from '@drape/ui';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { InfoPageLayout } from './info-page-layout';

const stylist = tierPolicy('stylist');
const icon = tierPolicy('fashion_icon');

interface TierDisplay {
  name: string;
  subtitle: string;
  baseImages: number;
  features: string[];
  restrictions: string[];
  upgradePath: string;
}

/** settings-and-admin §2.1: the tiers page compares Stylist (Standard) and Fashion Icon (Premium). */
const TIERS: TierDisplay[] = [
  {
    name: stylist.name,
    subtitle: 'Standard',
    baseImages: stylist.dailyImages,
    features: [
      `${stylist.dailyImages} personalized looks a day`,
      'Style vibe, skin tone and body shape personalization',
      `Wardrobe with up to ${stylist.wardrobeCap} saved looks`,
      `LookBook: ${stylist.lookbookViewsPerSession} looks per session`,
    ],
    restrictions: [`Wardrobe capped at ${stylist.wardrobeCap} saves`, 'LookBook without filters'],
    upgradePath: `Invite ${REFERRALS_FOR_FASHION_ICON} friends to become a Fashion Icon`,
  },
  {
    name: icon.name,
    subtitle: 'Premium',
    baseImages: icon.dailyImages,
    features: [
      `${icon.dailyImages} personalized looks a day`,
      'Style vibe, skin tone and body shape personalization',
      'Unlimited wardrobe',
      'Unlimited LookBook with filters',
    ],
    restrictions: [],
    upgradePath: 'The highest tier',
  },
];

const ROWS: { label: string; stylist: string | boolean; icon: string | boolean }[] = [
  { label: 'Daily looks', stylist: String(stylist.dailyImages), icon: String(icon.dailyImages) },
  { label: 'Personalization (style vibe, skin tone, body shape)', stylist: stylist.personalization, icon: icon.personalization },
  { label: 'Wardrobe', stylist: `Up to ${stylist.wardrobeCap} saves`, icon: 'Unlimited' },
  { label: 'LookBook', stylist: `${stylist.lookbookViewsPerSession} looks per session`, icon: 'Unlimited' },
  { label: 'LookBook filters', stylist: stylist.lookbookFilters, icon: icon.lookbookFilters },
  { label: 'How to unlock', stylist: `${REFERRALS_FOR_STYLIST} invited friends`, icon: `${REFERRALS_FOR_FASHION_ICON} invited friends` },
];

function Cell({ value }: { value: string | boolean }) {
  if (value === true) return <><Check aria-hidden="true" className="mx-auto h-5 w-5 text-success" /><span className="sr-only">Included</span></>;
  if (value === false) return <><Minus aria-hidden="true" className="mx-auto h-5 w-5 text-stone" /><span className="sr-only">Not included</span></>;
  return <>{value}</>;
}

export default function TiersPage() {
  const { isAuthenticated } = useAuth();
  return (
    <InfoPageLayout
      eyebrow="Membership"
      title="Membership Tiers"
      description="Compare Drape's Stylist and Fashion Icon tiers. Tiers are unlocked by inviting friends, never by payment."
      intro="Every tier is free. Tiers are unlocked by inviting friends with your personal referral link."
      path="/tiers"
      width="wide"
    >
      {/* Cards on small screens */}
      <div className="grid gap-6 lg:hidden">
        {TIERS.map((tier) => (
          <article key={tier.name} className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-linen bg-paper p-6 shadow-soft">
            <div className="flex items-start justify-between gap-3">
              <div>
                <h2 className="font-display text-2xl">{tier.name}</h2>
                <p className="text-sm text-taupe">{tier.subtitle}</p>
              </div>
              <Badge tone={tier.subtitle === 'Premium' ? 'ink' : 'gold'}>{tier.baseImages} looks / day</Badge>
            </div>
            <ul className="flex flex-col gap-2 text-sm text-umber">
              {tier.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-success" /> {f}
                </li>
              ))}
              {tier.restrictions.map((r) => (
                <li key={r} className="flex gap-2 text-taupe">
                  <Minus aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-stone" /> {r}
                </li>
              ))}
            </ul>
            <p className="border-t border-linen pt-4 text-sm font-medium text-gold-ink">{tier.upgradePath}</p>
          </article>
        ))}
      </div>
      {/* A table on large screens */}
      <div className="hidden overflow-hidden rounded-[var(--radius-card)] border border-linen bg-paper shadow-soft lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Stylist and Fashion Icon compared</caption>
          <thead className="bg-sand/70">
            <tr>
              <th scope="col" className="px-6 py-5 font-medium text-taupe">
                Feature
              </th>
              {TIERS.map((tier) => (
                <th key={tier.name} scope="col" className="px-6 py-5 text-center">
                  <span className="block font-display text-xl font-medium text-ink">{tier.name}</span>
                  <span className="text-xs uppercase tracking-[0.18em] text-taupe">{tier.subtitle}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-6 py-4 font-medium text-umber">
                  {row.label}
                </th>
                <td className="px-6 py-4 text-center text-umber">
                  <Cell value={row.stylist} />
                </td>
                <td className="px-6 py-4 text-center text-umber">
                  <Cell value={row.icon} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="how-tiers-heading" className="flex flex-col gap-6">
        <h2 id="how-tiers-heading" className="font-display text-3xl font-medium tracking-tight">
          How It Works
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {[
            ['Share your link', 'Your referral link is your site address plus your username. Find it on your dashboard.'],
            ['Friends join', `Each friend who signs up through your link counts toward your next tier: ${REFERRALS_FOR_STYLIST} for Stylist, ${REFERRALS_FOR_FASHION_ICON} for Fashion Icon.`],
            ['Unlock more', `Your tier rises automatically and never goes down. Sharing a look also adds +${SHARE_BONUS_PER_DAY} images that day.`],
          ].map(([title, text], i) => (
            <li key={title} className="flex flex-col gap-2 border-t border-ink/15 pt-5">
              <span aria-hidden="true" className="font-display text-3xl text-gold-ink">{String(i + 1).padStart(2, '0')}</span>
              <h3 className="font-display text-xl">{title}</h3>
              <p className="text-sm leading-relaxed text-taupe">{text}</p>
            </li>
          ))}
        </ol>
        <div>
          {isAuthenticated ? (
            <Link to="/dashboard" className={buttonClasses({ size: 'lg' })}>
              Find your referral link
            </Link>
          ) : (
            <Link to="/signup" className={buttonClasses({ size: 'lg' })}>
              Create your free account
            </Link>
          )}
        </div>
      </section>
    </InfoPageLayout>
  );
}
