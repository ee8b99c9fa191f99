import type { LocalizedDomainsAnswer, ShoppingPlatform } from '@drape/contracts/shopping';
import { buttonClasses, cn } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { MouseEvent } from 'react';
import { amazonSearchUrl, googleShoppingUrl, shoppingQuery, type ShoppingItem } from '../lib/shopping';
import { analyticsTrackingOn } from '../lib/platform-status';
import { useLocalizedDomains } from '../lib/use-localized-domains';
import { useTRPC } from '../lib/trpc';

export interface ShopLinksProps {
  /** The fashion item's id: the click is recorded against it. */
  itemId: string;
  item: ShoppingItem;
  /** The look's gender (female, male): the query says whose piece it is. */
  gender: string | null | undefined;
  /** Ids of what names the piece and says the links open a new tab. */
  describedBy?: string;
  className?: string;
}

const LINKS: readonly { platform: ShoppingPlatform; label: string; url: (query: string, sites: LocalizedDomainsAnswer) => string }[] = [
  { platform: 'google', label: 'Google', url: (query, sites) => googleShoppingUrl(query, sites.domains) },
  { platform: 'amazon', label: 'Amazon', url: (query, sites) => amazonSearchUrl(query, sites.domains, sites.amazonTag) },
];

/**
 * A piece's Google Shopping and Amazon searches on the user's regional sites, each in a new tab
 * (user-area §7). The click is recorded without waiting and without stopping the link, so the tab
 * opens at once; a failed record is ignored (user-area §8).
 */
export function ShopLinks({ itemId, item, gender, describedBy, className }: ShopLinksProps) {
  const trpc = useTRPC();
  const sites = useLocalizedDomains();
  const track = useMutation(trpc.shopping.trackClick.mutationOptions());
  const query = shoppingQuery(gender, item);
  const record = (platform: ShoppingPlatform) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A middle click opens the tab too; a right click only opens a menu.
    if (event.type === 'auxclick' && event.button !== 1) return;
    // Analytics Tracking off (the admin's Settings): nothing to record (the server would not either).
    if (!analyticsTrackingOn()) return;
    // mutate neither waits nor throws: a failed record stays in the mutation's state, unseen.
    track.mutate({ id: itemId, platform });
  };
  const linkClass = buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1 sm:flex-none' });
  return (
    <div className={cn('flex gap-2', className)}>
      {LINKS.map(({ platform, label, url }) => (
        <a
          key={platform}
          href={url(query, sites)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={describedBy}
          onClick={record(platform)}
          onAuxClick={record(platform)}
          className={linkClass}
        >
          {label}
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
        </a>
      ))}
    </div>
  );
}

/**
 * The one line under a list of pieces (issue 18): the links search Google Shopping and Amazon, and
 * Drape earns nothing from them, or may earn a commission when the user's Amazon links carry a tag.
 */
export function ShoppingDisclosure({ className }: { className?: string }) {
  const { disclosure } = useLocalizedDomains();
  return <p className={cn('text-xs leading-relaxed text-taupe', className)}>{disclosure}</p>;
}
