import type { OutfitView } from '@drape/contracts/generation';
import { buttonClasses } from '@drape/ui';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { FashionItemRow, NewTabHint } from '../../components/fashion-item-row';
import { ShoppingDisclosure } from '../../components/shop-links';
import { AiGeneratedLabel } from '../../components/ai-generated-label';
import { LookImage } from '../../components/look-image';
import { StylistNote } from '../../components/stylist-note';
import { RESULT_IMAGE_SIZES } from '../../lib/look-grid';
import { PageHeader } from '../../components/page-header';
import { SaveLookButton, WardrobeFullBanner } from '../../components/save-look-button';
import { ShareButton } from '../../components/share-button';
import { genderName, lookAlt, lookName } from '../../lib/look-names';
import { PageMeta } from '../../lib/page-meta';
import { readLastOutfit } from '../../lib/last-outfit';

/** user-area §2 Outfit result: the latest generated outfit, kept locally; nothing stored goes to /dashboard. */
export default function OutfitResultPage() {
  const [outfit] = useState(readLastOutfit);
  if (!outfit) return <Navigate to="/dashboard" replace />;
  return (
    <>
      <PageMeta title="Your Look" description="Your latest Drape outfit, piece by piece." noindex path="/outfit-result" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <PageHeader
          eyebrow="Outfit result"
          title="Your Look"
          actions={
            <>
              <ShareButton imageId={outfit.id} shareType="result" title={`${lookName(outfit)} outfit`} />
              <SaveLookButton imageId={outfit.imageId} />
              <Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
                <RefreshCw aria-hidden="true" className="h-4 w-4" />
                Generate another
              </Link>
            </>
          }
        />
        <WardrobeFullBanner />
        <OutfitCard outfit={outfit} />
        <NewTabHint />
      </div>
    </>
  );
}

function OutfitCard({ outfit }: { outfit: OutfitView }) {
  const titleId = useId();
  const name = lookName(outfit);
  const labels = [
    outfit.trend ? ['Trend', outfit.trend] : null,
    outfit.colorPalette ? ['Color palette', outfit.colorPalette] : null,
    outfit.occasion ? ['Occasion', outfit.occasion] : null,
    outfit.gender ? ['Gender', genderName(outfit.gender)] : null,
    outfit.styleVibe ? ['Style vibe', outfit.styleVibe] : null,
    outfit.bodyShape ? ['Body shape', outfit.bodyShape] : null,
    outfit.skinTone ? ['Skin tone', outfit.skinTone] : null,
  ].filter((entry): entry is [string, string] => entry !== null);

  return (
    <article
      aria-labelledby={titleId}
      className="grid overflow-clip rounded-[var(--radius-card)] border border-linen bg-paper shadow-soft md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
    >
      <div className="bg-sand md:border-r md:border-linen">
        {/* overflow-clip (not hidden) keeps the image in view beside a long list of pieces. */}
        <div className="relative md:sticky md:top-20">
          <LookImage thumbnailUrl={outfit.thumbnailUrl} imageUrl={outfit.imageUrl} sizes={RESULT_IMAGE_SIZES} alt={lookAlt(outfit)} />
          <AiGeneratedLabel className="absolute bottom-3 left-3" />
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-7 p-5 sm:p-8">
        <div className="flex flex-col gap-4">
          <h2 id={titleId} className="font-display text-3xl font-medium tracking-tight text-ink">
            {name}
          </h2>
          <dl className="flex flex-wrap gap-2">
            {labels.map(([label, value]) => (
              <div key={label} className="flex flex-col rounded-xl border border-linen bg-ivory px-3 py-2">
                <dt className="text-[0.65rem] font-semibold uppercase tracking-[0.16em] text-gold-ink">{label}</dt>
                <dd className="text-sm font-medium text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <StylistNote note={outfit.stylistNote} headingLevel={3} />
        <section aria-labelledby={`${titleId}-items`} className="flex flex-col gap-4">
          <div className="flex items-baseline justify-between gap-3 border-b border-linen pb-3">
            <h3 id={`${titleId}-items`} className="font-display text-xl font-medium text-ink">
              Shop the look
            </h3>
            <span className="text-sm text-taupe">
              {outfit.fashionItems.length} {outfit.fashionItems.length === 1 ? 'piece' : 'pieces'}
            </span>
          </div>
          {outfit.fashionItems.length > 0 ? (
            <>
              <ul aria-label="Outfit items" className="flex flex-col gap-3">
                {outfit.fashionItems.map((item) => (
                  <FashionItemRow key={item.id} item={item} gender={outfit.gender} />
                ))}
              </ul>
              <ShoppingDisclosure />
            </>
          ) : (
            <p className="text-sm text-taupe">No pieces are listed for this look.</p>
          )}
        </section>
      </div>
    </article>
  );
}
