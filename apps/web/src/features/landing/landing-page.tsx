import { OCCASIONS, PALETTES, TRENDS } from '@drape/contracts';
import { LANDING_MOBILE, landingMessages, type LandingShowcase, type ShowcaseItem } from '@drape/contracts/landing';
import { buttonClasses } from '@drape/ui';
import { ArrowRight, Palette, Shirt, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../lib/page-meta';
import { OccasionIcon } from '../../components/occasion-icon';
import { LandingCarousel } from './landing-carousel';
import { ShowcaseImage } from './showcase-image';
import { showcaseImage } from './showcase-match';
import { useLandingData } from './use-landing-data';

export default function LandingPage() {
  const { showcase, stats, loading } = useLandingData();
  const blurb = stats?.displayText || landingMessages.lookbookFallback;
  return (
    <>
      <PageMeta
        title="Your Personalized AI Fashion Stylist"
        description="Drape dresses you with AI: pick a trend, a color palette or an occasion and get a complete, shoppable outfit. Free during the beta."
        path="/"
      />
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="pointer-events-none absolute -right-40 -top-40 h-[32rem] w-[32rem] rounded-full bg-gold-soft/70 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:grid-cols-[1.1fr_0.9fr] md:pb-24 md:pt-20">
          <div className="flex flex-col items-start gap-7">
            <p className="eyebrow">AI Personal Stylist · Beta</p>
            <h1 className="font-display text-[2.6rem] font-medium leading-[1.04] tracking-tight text-ink sm:text-6xl lg:text-7xl">
              Your Personalized <em className="text-gold-ink">AI Fashion</em> Stylist
            </h1>
            <p className="max-w-lg text-lg leading-relaxed text-taupe">
              Choose a trend, a color palette or an occasion. Drape composes a complete outfit for you, with every piece
              itemised and ready to shop.
            </p>
            <div className="flex flex-col items-start gap-4">
              <Link to="/auth" className={buttonClasses({ size: 'lg', className: 'group' })}>
                Let AI Dress You
                <ArrowRight aria-hidden="true" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
              </Link>
              <p className="text-sm tracking-wide text-taupe">Beta Version • Completely free • No payments • No subscriptions</p>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <div className="border-y border-linen bg-paper">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6 md:py-20">
          {/* user-area §2: the carousel on desktop, the stacked lists on phones. */}
          <div className="hidden md:block">
            <LandingCarousel looks={showcase?.carousel} loading={loading} />
          </div>
          <MobileLists showcase={showcase} />
          <Link
            to="/lookbook"
            className="group inline-flex min-h-11 items-center gap-2 self-start rounded-full font-display text-xl text-ink underline decoration-gold/60 underline-offset-4 transition-colors hover:text-gold-ink focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ink md:self-center"
          >
            {blurb}
            <ArrowRight aria-hidden="true" className="h-5 w-5 shrink-0 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </div>
      </div>

      <section aria-labelledby="how-heading" className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-16 sm:px-6 md:py-20">
        <div className="flex max-w-2xl flex-col gap-3">
          <p className="eyebrow">How it works</p>
          <h2 id="how-heading" className="font-display text-3xl font-medium tracking-tight sm:text-4xl">
            From idea to outfit in a moment
          </h2>
        </div>
        <ol className="grid gap-8 md:grid-cols-3">
          {[
            ['Choose', 'Pick a trend, a palette or an occasion, and Female or Male.'],
            ['Get your look', 'Drape generates a full outfit image with each piece described.'],
            ['Shop and save', 'Search every piece in your region, save favourites to your wardrobe and share them.'],
          ].map(([title, text], i) => (
            <li key={title} className="flex flex-col gap-3 border-t border-ink/15 pt-5">
              <span aria-hidden="true" className="font-display text-4xl text-gold-ink">{String(i + 1).padStart(2, '0')}</span>
              <h3 className="font-display text-xl">{title}</h3>
              <p className="leading-relaxed text-taupe">{text}</p>
            </li>
          ))}
        </ol>
        <div className="flex flex-col items-start justify-between gap-6 rounded-[var(--radius-card)] bg-ink p-8 text-ivory sm:flex-row sm:items-center md:p-10">
          <div className="flex flex-col gap-2">
            <h2 className="font-display text-2xl sm:text-3xl">Unlock more by inviting friends</h2>
            <p className="max-w-xl text-sm leading-relaxed text-ivory/75">
              Every tier is free. Invite friends with your personal link to unlock your wardrobe, the LookBook and more daily looks.
            </p>
          </div>
          <Link to="/tiers" className={buttonClasses({ variant: 'secondary', className: 'shrink-0' })}>
            Compare tiers
          </Link>
        </div>
      </section>
    </>
  );
}

/**
 * Phones (user-area §2): the first 5 monthly trends, the first 4 palettes and every occasion, each
 * with the showcase picture of its name, else a placeholder (a sparkle, the palette's swatches,
 * the occasion's icon).
 */
function MobileLists({ showcase }: { showcase: LandingShowcase | undefined }) {
  const trends = TRENDS.filter((t) => t.active).slice(0, LANDING_MOBILE.trends);
  const palettes = PALETTES.slice(0, LANDING_MOBILE.palettes);
  const occasions = OCCASIONS.filter((o) => o.isActive);
  return (
    <div className="flex flex-col gap-6 md:hidden">
      <div className="flex flex-col gap-3">
        <p className="eyebrow">Three ways in</p>
        <h2 className="font-display text-3xl font-medium tracking-tight">Start from what inspires you</h2>
      </div>
      <MobileList wide title="Trending Styles" icon={<Sparkles aria-hidden="true" className="h-5 w-5 text-gold-ink" />}>
        {trends.map((t) => (
          <MobileItem key={t.id} name={t.name} items={showcase?.monthlyTrends} placeholder={<Sparkles aria-hidden="true" className="h-5 w-5 text-gold-ink" />} />
        ))}
      </MobileList>
      <MobileList wide title={landingMessages.popularColors} icon={<Palette aria-hidden="true" className="h-5 w-5 text-gold-ink" />}>
        {palettes.map((p) => (
          <MobileItem
            key={p.id}
            name={p.name}
            items={showcase?.seasonColors}
            placeholder={
              <span aria-hidden="true" className="flex h-full w-full">
                {p.colors.map((c) => <span key={c.name} className="flex-1" style={{ background: c.hex }} />)}
              </span>
            }
          />
        ))}
      </MobileList>
      <MobileList title={landingMessages.everyOccasion} icon={<Shirt aria-hidden="true" className="h-5 w-5 text-gold-ink" />}>
        {occasions.map((o) => (
          <MobileItem key={o.id} name={o.name} items={showcase?.occasions} placeholder={<OccasionIcon icon={o.icon} className="h-5 w-5 text-gold-ink" />} />
        ))}
      </MobileList>
    </div>
  );
}

function MobileList({ title, icon, wide = false, children }: { title: string; icon: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <article className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-linen bg-ivory p-5">
      <h3 className="flex items-center gap-2 font-display text-xl">
        {icon} {title}
      </h3>
      <ul className={wide ? 'grid gap-3' : 'grid grid-cols-2 gap-3'}>{children}</ul>
    </article>
  );
}

/** A name with its picture; the picture's box is the same size with or without one. */
function MobileItem({ name, items, placeholder }: { name: string; items: ShowcaseItem[] | undefined; placeholder: ReactNode }) {
  const box = <span className="flex h-full w-full items-center justify-center bg-sand">{placeholder}</span>;
  return (
    <li className="flex items-center gap-3 rounded-xl bg-paper p-2 pr-3 text-sm text-umber">
      <span className="h-16 w-12 shrink-0 overflow-hidden rounded-lg">
        <ShowcaseImage src={showcaseImage(items, name)} alt="" width={48} height={64} className="h-full w-full object-cover" placeholder={box} />
      </span>
      {name}
    </li>
  );
}

/** Decorative: the season's palettes fanned out like fabric swatch cards. */
function HeroArt() {
  const fan = PALETTES.slice(0, 3);
  const angles = [-8, 0, 8];
  const layers = [1, 3, 2];
  const align = ['items-start text-left', 'items-center text-center', 'items-end text-right'];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden h-[30rem] w-full max-w-md sm:block">
      {fan.map((palette, i) => (
        <figure
          key={palette.id}
          className="absolute bottom-0 left-1/2 flex h-[26rem] w-60 flex-col overflow-hidden rounded-[1.5rem] border border-linen bg-paper p-3 shadow-lift"
          style={{
            transform: `translateX(-50%) translateX(${(i - 1) * 118}px) rotate(${angles[i]}deg)`,
            transformOrigin: '50% 100%',
            zIndex: layers[i],
          }}
        >
          <div className="flex flex-1 overflow-hidden rounded-[1rem]">
            {palette.colors.map((c) => (
              <div key={c.name} className="flex-1" style={{ background: c.hex }} />
            ))}
          </div>
          <figcaption className={`flex flex-col gap-0.5 px-2 pb-1 pt-4 ${align[i]}`}>
            <span className="text-[0.65rem] font-semibold uppercase tracking-[0.22em] text-gold-ink">Summer 2025</span>
            <span className="font-display text-xl italic text-ink">{palette.name}</span>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
