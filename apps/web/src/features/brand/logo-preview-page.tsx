import { BRAND_FILES, FAVICON_SIZES, LOGO_MIN_HEIGHT_PX, OFFICIAL_LOGO_PATH } from '@drape/contracts/brand';
import { buttonClasses, cn } from '@drape/ui';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../lib/page-meta';

/** The logo's sizes on show: the brand guidance's minimum first. */
const LOGO_HEIGHTS = [LOGO_MIN_HEIGHT_PX, 32, 48, 64] as const;

/** The house colours (packages/ui tokens.css); class names are written out for Tailwind to find. */
const COLOURS = [
  { name: 'Ink', token: 'ink', className: 'bg-ink', use: 'Text, the mark' },
  { name: 'Umber', token: 'umber', className: 'bg-umber', use: 'Body text' },
  { name: 'Taupe', token: 'taupe', className: 'bg-taupe', use: 'Secondary text' },
  { name: 'Gold', token: 'gold', className: 'bg-gold', use: 'Accents (not text)' },
  { name: 'Gold Ink', token: 'gold-ink', className: 'bg-gold-ink', use: 'Accent text' },
  { name: 'Gold Soft', token: 'gold-soft', className: 'bg-gold-soft', use: 'The letter of the mark' },
  { name: 'Stone', token: 'stone', className: 'bg-stone', use: 'Borders' },
  { name: 'Linen', token: 'linen', className: 'bg-linen', use: 'Lines, card borders' },
  { name: 'Sand', token: 'sand', className: 'bg-sand', use: 'Quiet fills' },
  { name: 'Paper', token: 'paper', className: 'bg-paper', use: 'Cards' },
  { name: 'Ivory', token: 'ivory', className: 'bg-ivory', use: 'The page' },
] as const;

const OTHER_FILES = [
  { label: 'favicon.ico (16, 32 and 48 px)', href: BRAND_FILES.faviconIco },
  { label: 'favicon.svg (the mark)', href: BRAND_FILES.faviconSvg },
  { label: 'Apple touch icon (180 px)', href: BRAND_FILES.appleTouchIcon },
  { label: 'App icon (192 px)', href: BRAND_FILES.icon(192) },
  { label: 'App icon (512 px)', href: BRAND_FILES.icon(512) },
  { label: 'Maskable app icon (512 px)', href: BRAND_FILES.maskableIcon },
  { label: 'Web app manifest', href: BRAND_FILES.manifest },
] as const;

/** `rgb(29, 24, 21)` as `#1d1815`; anything else (a wide-gamut colour) is shown as the browser gives it. */
function toHex(computed: string): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(computed);
  if (!rgb) return computed;
  return `#${rgb.slice(1, 4).map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
}

/** A colour swatch that reads its value from the stylesheet, so it can never disagree with the tokens. */
function Swatch({ name, token, className, use }: (typeof COLOURS)[number]) {
  const ref = useRef<HTMLSpanElement>(null);
  const [hex, setHex] = useState<string | null>(null);
  useEffect(() => {
    if (ref.current) setHex(toHex(getComputedStyle(ref.current).backgroundColor));
  }, []);
  return (
    <li className="flex items-center gap-4 rounded-[var(--radius-card)] border border-linen bg-paper p-3">
      <span ref={ref} aria-hidden="true" className={cn('h-14 w-14 shrink-0 rounded-xl border border-ink/10', className)} />
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{name}</span>
        <span className="font-mono text-sm text-taupe">{hex ?? '\u00a0'}</span>
        <span className="truncate text-xs text-taupe">
          <code>--color-{token}</code> · {use}
        </span>
      </span>
    </li>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h2 id={id} className="font-display text-3xl font-medium tracking-tight">
          {title}
        </h2>
        {intro ? <p className="max-w-2xl leading-relaxed text-umber">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

function LogoSizes({ src, dark }: { src: string; dark?: boolean }) {
  return (
    <ul
      className={cn(
        'flex flex-col gap-6 rounded-[var(--radius-card)] border p-6 sm:p-8',
        dark ? 'border-ink bg-ink text-ivory' : 'border-linen bg-paper text-ink',
      )}
    >
      {LOGO_HEIGHTS.map((height) => (
        <li key={height}>
          <figure className="flex flex-col items-start gap-2">
            <img src={src} alt={`Drape logo, ${height} px tall`} height={height} style={{ height }} className="w-auto max-w-full" />
            <figcaption className={cn('text-xs', dark ? 'text-stone' : 'text-taupe')}>
              {height} px{height === LOGO_MIN_HEIGHT_PX ? ' · the minimum height' : ''}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** /logo-preview (user-area §2): the brand assets, as the build makes them from the master logo. */
export default function LogoPreviewPage() {
  return (
    <>
      <PageMeta
        title="Brand Assets"
        description="The Drape logo on light and dark grounds, its favicons and its colours, with the official logo to download."
        path="/logo-preview"
      />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-12 sm:px-6 md:py-16">
        <PageHeader
          eyebrow="Brand"
          title="Brand Assets"
          description={`The Drape logo, its favicons and its colours. The logo is never shown less than ${LOGO_MIN_HEIGHT_PX} px tall.`}
          actions={
            <a href={OFFICIAL_LOGO_PATH} download="drape-logo.png" className={buttonClasses()}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Download the logo (PNG)
            </a>
          }
        />

        <Section id="logo-heading" title="Logo" intro="The mark and the wordmark together. On dark grounds the mark turns light and the wordmark ivory.">
          <div className="grid gap-5 md:grid-cols-2">
            <div className="flex flex-col gap-3">
              <h3 className="font-display text-lg">On light grounds</h3>
              <LogoSizes src={BRAND_FILES.logo} />
            </div>
            <div className="flex flex-col gap-3">
              <h3 className="font-display text-lg">On dark grounds</h3>
              <LogoSizes src={BRAND_FILES.logoOnDark} dark />
            </div>
          </div>
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <a href={OFFICIAL_LOGO_PATH} download="drape-logo.png" className={buttonClasses({ variant: 'link' })}>Logo, PNG</a>
            <a href={BRAND_FILES.logo} download="drape-logo.svg" className={buttonClasses({ variant: 'link' })}>Logo, SVG</a>
            <a href={BRAND_FILES.logoOnDark} download="drape-logo-on-dark.svg" className={buttonClasses({ variant: 'link' })}>Logo for dark grounds, SVG</a>
          </p>
        </Section>

        <Section id="favicon-heading" title="Favicons" intro="The mark alone, at the sizes browsers and systems ask for, shown here at their real size.">
          <ul className="flex flex-wrap items-end gap-8 rounded-[var(--radius-card)] border border-linen bg-paper p-6 sm:p-8">
            {FAVICON_SIZES.map((size) => (
              <li key={size}>
                <figure className="flex flex-col items-center gap-2">
                  <img src={BRAND_FILES.favicon(size)} alt={`Favicon, ${size} by ${size} px`} width={size} height={size} style={{ width: size, height: size }} />
                  <figcaption className="text-xs text-taupe">
                    {size} × {size}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <ul className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {OTHER_FILES.map((file) => (
              <li key={file.href}>
                <a href={file.href} className={buttonClasses({ variant: 'link' })}>
                  {file.label}
                </a>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="colour-heading" title="Colours" intro="A warm, neutral atelier palette. Text colours keep a contrast of at least 4.5:1 on ivory; gold is for accents only.">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {COLOURS.map((colour) => (
              <Swatch key={colour.token} {...colour} />
            ))}
          </ul>
        </Section>
      </div>
    </>
  );
}
