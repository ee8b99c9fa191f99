import { buttonClasses } from '@drape/ui';
import { Shirt } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../lib/page-meta';
import { TierGate } from '../../components/tier-gate';

export default function WardrobePage() {
  return (
    <>
      <PageMeta title="My Wardrobe" description="Your saved Drape looks." noindex path="/wardrobe" />
      <TierGate
        feature="wardrobe"
        lock={{
          heading: 'Personal Wardrobe',
          badge: 'Collector Edition',
          title: 'Unlock Your Wardrobe',
          description: 'Save the looks you love, keep notes on them and organise them into smart collections.',
        }}
      >
        {() => (
          <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
            <PageHeader eyebrow="Wardrobe" title="My Wardrobe" />
            <EmptyWardrobe />
          </div>
        )}
      </TierGate>
    </>
  );
}

function EmptyWardrobe() {
  return (
    <section className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-stone bg-paper px-6 py-16 text-center">
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
        <Shirt aria-hidden="true" className="h-6 w-6" />
      </span>
      <h2 className="font-display text-2xl font-medium">Your Personal Wardrobe Awaits</h2>
      <p className="max-w-md text-taupe">Save looks you love from your generated outfits and the LookBook, and they will appear here.</p>
      <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
        Explore Fashion Looks
      </Link>
    </section>
  );
}
