import { OCCASIONS, PALETTES, TRENDS } from '@drape/contracts';
import { buttonClasses } from '@drape/ui';
import { ArrowRight, Palette, Shirt, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../lib/page-meta';
import { OccasionIcon } from '../../components/occasion-icon';

const MOBILE_TRENDS = 5;
const MOBILE_PALETTES = 4;

export default function LandingPage() {
  const trends = TRENDS.filter((t) => t.active).slice(0, MOBILE_TRENDS);
  const palettes = PALETTES.slice(0, MOBILE_PALETTES);
  const occasions = OCCASIONS.filter((o) => o.isActive);
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

      <section aria-labelledby="ways-heading" className="border-y border-linen bg-paper">
        <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-16 sm:px-6 md:py-20">
          <div className="flex max-w-2xl flex-col gap-3">
            <p className="eyebrow">Three ways in</p>
            <h2 id="ways-heading" className="font-display text-3xl font-medium tracking-tight sm:text-4xl">
              Start from what inspires you
            </h2>
          </div>
          <div className="grid gap-6 md:grid-cols-3">
            <article className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-linen bg-ivory p-6">
              <h3 className="flex items-center gap-2 font-display text-xl">
                <Sparkles aria-hidden="true" className="h-5 w-5 text-gold-ink" /> Trending Styles
              </h3>
              <ul className="flex flex-wrap gap-2">
                {trends.map((t) => (
                  <li key={t.id} className="rounded-full border border-linen bg-paper px-3 py-1.5 text-sm text-umber">
                    {t.name}
                  </li>
                ))}
              </ul>
            </article>
            <article className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-linen bg-ivory p-6">
              <h3 className="flex items-center gap-2 font-display text-xl">
                <Palette aria-hidden="true" className="h-5 w-5 text-gold-ink" /> Summer 2025 Popular Colors
              </h3>
              <ul className="flex flex-col gap-3">
                {palettes.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 text-sm text-umber">
                    {p.name}
                    <span aria-hidden="true" className="flex">
                      {p.colors.slice(0, 5).map((c) => (
                        <span key={c.name} className="-ml-1.5 h-6 w-6 rounded-full border-2 border-ivory first:ml-0" style={{ background: c.hex }} />
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            </article>
            <article className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-linen bg-ivory p-6">
              <h3 className="flex items-center gap-2 font-display text-xl">
                <Shirt aria-hidden="true" className="h-5 w-5 text-gold-ink" /> Perfect for Every Occasion
              </h3>
              <ul className="grid grid-cols-2 gap-2">
                {occasions.map((o) => (
                  <li key={o.id} className="flex items-center gap-2 rounded-xl bg-paper px-3 py-2 text-sm text-umber">
                    <OccasionIcon icon={o.icon} className="h-4 w-4 text-gold-ink" />
                    {o.name}
                  </li>
                ))}
              </ul>
            </article>
          </div>
        </div>
      </section>

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
