import { BookOpen, CalendarRange, Layers, TrendingUp } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../lib/page-meta';
import { TierGate } from '../../components/tier-gate';

const TEASERS = [
  { title: 'Style Collections', text: 'Curated looks grouped by vibe and occasion.', Icon: Layers },
  { title: 'Trend Tracking', text: "Follow this season's trends as they arrive.", Icon: TrendingUp },
  { title: 'Seasonal Planning', text: 'Plan outfits around the palettes of the season.', Icon: CalendarRange },
] as const;

export default function LookbookPage() {
  return (
    <>
      <PageMeta title="LookBook" description="Browse curated Drape looks." noindex path="/lookbook" />
      <TierGate
        feature="lookbook"
        lock={{
          heading: 'LookBook',
          badge: 'Fashion Icon',
          title: 'Unlock Your LookBook',
          description: 'Browse curated looks from across Drape; Fashion Icons also filter by gender, vibe, occasion, trend and color.',
          teaser: (
            <ul className="grid gap-4 sm:grid-cols-3">
              {TEASERS.map(({ title, text, Icon }) => (
                <li key={title} className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-linen bg-paper p-6">
                  <Icon aria-hidden="true" className="h-5 w-5 text-gold-ink" />
                  <h3 className="font-display text-lg">{title}</h3>
                  <p className="text-sm leading-relaxed text-taupe">{text}</p>
                </li>
              ))}
            </ul>
          ),
        }}
      >
        {() => (
          <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
            <PageHeader eyebrow="LookBook" title="LookBook" />
            <section className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-stone bg-paper px-6 py-16 text-center">
              <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
                <BookOpen aria-hidden="true" className="h-6 w-6" />
              </span>
              <h2 className="font-display text-2xl font-medium">Discovering Your Perfect Look</h2>
              <p className="max-w-md text-taupe">New styles are added daily, curated from the looks created across Drape.</p>
            </section>
          </div>
        )}
      </TierGate>
    </>
  );
}
