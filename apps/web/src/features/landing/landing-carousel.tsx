import { GENDER_NAMES, lookAltText, OCCASIONS, PALETTES, TRENDS, type SelectionKind } from '@drape/contracts';
import { LANDING_CAROUSEL, type CarouselLook } from '@drape/contracts/landing';
import { cn, gridSizes } from '@drape/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { toSlides, wrapSlide } from './carousel-slides';
import { LookImage } from '../../components/look-image';

/** A place of a slide: a fifth of the landing's max-w-6xl section (px-4 sm:px-6), gap-4. */
const CAROUSEL_SIZES = gridSizes({ maxWidth: 1152, padding: [[0, 16], [640, 24]], columns: [[0, 5]], gap: 16 });

const KIND_NAMES: Record<SelectionKind, string> = { trend: 'Trend', palette: 'Color palette', occasion: 'Occasion' };

/** What a place without a look shows: a catalog entry the carousel does not picture yet, in a season palette. */
interface Swatch {
  name: string;
  kind: SelectionKind;
  colors: readonly string[];
}

type Place = { look: CarouselLook } | { swatch: Swatch };

function swatches(looks: readonly CarouselLook[]): Swatch[] {
  const shown = new Set(looks.map((l) => l.name));
  const entries: Omit<Swatch, 'colors'>[] = [
    ...TRENDS.filter((t) => t.active).map((t) => ({ name: t.name, kind: 'trend' as const })),
    ...PALETTES.map((p) => ({ name: p.name, kind: 'palette' as const })),
    ...OCCASIONS.filter((o) => o.isActive).map((o) => ({ name: o.name, kind: 'occasion' as const })),
  ].filter((e) => !shown.has(e.name));
  return entries.map((e, i) => ({ ...e, colors: PALETTES[i % PALETTES.length]!.colors.map((c) => c.hex) }));
}

const BUTTON = 'inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full border border-linen bg-paper text-ink transition-colors hover:border-stone focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-default';

/**
 * The desktop LookBook carousel (user-area §2): 3 slides of 5 showcase looks, previous and next
 * buttons and 3 dots, the index wrapping around. It never turns by itself, and slides only where
 * motion is welcome. Until the showcase arrives (and in the prerendered page) each place is a
 * skeleton of the card's size; a place without a look shows a catalog entry on its palette.
 */
export function LandingCarousel({ looks, loading }: { looks: readonly CarouselLook[] | undefined; loading: boolean }) {
  const [index, setIndex] = useState(0);
  const { slides: count, looksPerSlide } = LANDING_CAROUSEL;
  const shown = looks ?? [];
  const unshown = swatches(shown);
  // Every entry has a look (curated looks of entries no longer offered): any entry will do.
  const fills = unshown.length ? unshown : swatches([]);
  const slides = toSlides<Place>(shown.map((look) => ({ look })), count, looksPerSlide, (position) => ({
    swatch: fills[(position - shown.length) % fills.length]!,
  }));
  const move = (step: number) => setIndex((i) => wrapSlide(i, step, count));
  // The page arrives prerendered: the buttons wait for the app (a click before it would be lost).
  const idle = !useHydrated();

  return (
    <section aria-roledescription="carousel" aria-label="LookBook showcase" className="flex flex-col gap-6">
      <div className="flex items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">From the LookBook</p>
          <h2 className="font-display text-3xl font-medium tracking-tight lg:text-4xl">Looks our members are wearing</h2>
        </div>
        <div className="flex gap-2">
          <button type="button" className={BUTTON} aria-label="Previous slide" disabled={idle} onClick={() => move(-1)}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <button type="button" className={BUTTON} aria-label="Next slide" disabled={idle} onClick={() => move(1)}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>

      <div className="overflow-hidden" aria-live="polite">
        <div
          className="flex motion-safe:transition-transform motion-safe:duration-500 motion-safe:ease-out"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((places, s) => (
            <div
              key={s}
              role="group"
              aria-roledescription="slide"
              aria-label={`${s + 1} of ${count}`}
              aria-hidden={s !== index}
              inert={s !== index}
              className="grid w-full shrink-0 grid-cols-5 gap-4"
            >
              {places.map((place, i) => (
                <CarouselCard key={i} place={loading ? null : place} />
              ))}
            </div>
          ))}
        </div>
      </div>

      <div role="group" aria-label="Slides" className="flex justify-center gap-1">
        {slides.map((_, s) => (
          <button
            key={s}
            type="button"
            aria-label={`Go to slide ${s + 1}`}
            aria-current={s === index ? 'true' : undefined}
            disabled={idle}
            onClick={() => setIndex(s)}
            className="group inline-flex h-6 w-8 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ink"
          >
            <span
              aria-hidden="true"
              className={cn('h-2 rounded-full motion-safe:transition-all', s === index ? 'w-6 bg-ink' : 'w-2 bg-stone group-hover:bg-taupe')}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

const CARD = 'flex flex-col gap-3';
const FRAME = 'aspect-[3/4] w-full overflow-hidden rounded-2xl border border-linen';

/** A look, a catalog swatch, or (place null) the skeleton of either: all three the same size. */
function CarouselCard({ place }: { place: Place | null }) {
  if (!place) {
    return (
      <div className={CARD} aria-hidden="true">
        <div className={cn(FRAME, 'bg-sand motion-safe:animate-pulse')} />
        <div className="flex h-11 flex-col gap-2">
          <span className="h-4 w-3/4 rounded bg-sand" />
          <span className="h-3 w-1/2 rounded bg-sand" />
        </div>
      </div>
    );
  }
  if ('swatch' in place) {
    const { name, kind, colors } = place.swatch;
    return (
      <figure className={CARD}>
        <div aria-hidden="true" className={cn(FRAME, 'flex')}>
          {colors.map((c) => <span key={c} className="flex-1" style={{ background: c }} />)}
        </div>
        <Caption name={name} detail={KIND_NAMES[kind]} />
      </figure>
    );
  }
  const { look } = place;
  const gender = GENDER_NAMES[look.gender];
  return (
    <figure className={CARD}>
      <div className={cn(FRAME, 'bg-sand')}>
        <LookImage
          thumbnailUrl={look.imageUrl}
          imageUrl={look.fullImageUrl}
          sizes={CAROUSEL_SIZES}
          alt={lookAltText({ name: look.name, gender: look.gender, pieces: look.pieces })}
          width={look.width}
          height={look.height}
          loading="lazy"
          className="h-full"
        />
      </div>
      <Caption name={look.name} detail={`${KIND_NAMES[look.kind]} · ${gender}`} />
    </figure>
  );
}

function Caption({ name, detail }: { name: string; detail: string }) {
  return (
    <figcaption className="flex h-11 flex-col gap-0.5">
      <span className="truncate font-display text-lg leading-6 text-ink">{name}</span>
      <span className="truncate text-xs tracking-wide text-taupe">{detail}</span>
    </figcaption>
  );
}
