import { buttonClasses } from '@drape/ui';
import { Gift, HeartHandshake, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';

const VALUES = [
  { title: 'Personal, not generic', text: 'Looks shaped by the trend, palette or occasion you choose, and on higher tiers by your style vibe and body shape.', Icon: Sparkles },
  { title: 'Free to explore', text: 'The beta is completely free: no payments and no subscriptions. Tiers unlock by inviting friends.', Icon: Gift },
  { title: 'Privacy first', text: 'No tracking captchas, one essential cookie, and clear limits on how long we keep your data.', Icon: ShieldCheck },
  { title: 'Made to be worn', text: 'Every look comes itemised, so each piece can be found in stores in your region.', Icon: HeartHandshake },
] as const;

export default function AboutPage() {
  return (
    <InfoPageLayout
      eyebrow="About Us"
      title="About Drape"
      description="Drape is a personalized AI fashion stylist."
      intro="Drape began with a simple idea: everyone deserves a stylist. We pair fashion knowledge with generative AI to turn a trend, a color palette or an occasion into a complete outfit you can picture, save and shop."
      path="/about"
      width="wide"
    >
      <section aria-labelledby="story-heading" className="grid gap-8 md:grid-cols-2">
        <h2 id="story-heading" className="font-display text-3xl font-medium tracking-tight">
          Our story
        </h2>
        <div className="flex flex-col gap-4 leading-relaxed text-umber">
          <p>
            Getting dressed should feel like inspiration, not homework. Drape reads the season&apos;s trends and palettes and
            composes looks that work together, piece by piece.
          </p>
          <p>
            We are in beta and building in the open with our community. Every look you generate, save and share helps us make
            the next one better.
          </p>
        </div>
      </section>
      <section aria-labelledby="values-heading" className="flex flex-col gap-6">
        <h2 id="values-heading" className="font-display text-3xl font-medium tracking-tight">
          What we value
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ title, text, Icon }) => (
            <li key={title} className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-linen bg-paper p-6 shadow-soft">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="font-display text-lg">{title}</h3>
              <p className="text-sm leading-relaxed text-taupe">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <div>
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          Let the AI Dress You
        </Link>
      </div>
    </InfoPageLayout>
  );
}
