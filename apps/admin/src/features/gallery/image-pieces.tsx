import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { amazonSearchUrl, googleShoppingUrl, priceDisplay, shoppingQuery } from '@drape/client';
import { galleryMessages } from '@drape/contracts/admin';
import { Button, buttonClasses, Spinner } from '@drape/ui';
import { useTRPC } from '../../lib/trpc';

/** The admin looks at what a shopper would find: the US sites, whatever the admin's region. */
const DOMAINS = { google: 'google.com', amazon: 'amazon.com' } as const;

/** A look's pieces (GET /api/fashion-items/{imageId}) with their Google and Amazon searches (§7.1). */
export function ImagePieces({ imageId, gender }: { imageId: string; gender: string }) {
  const trpc = useTRPC();
  const pieces = useQuery({ ...trpc.generate.fashionItems.queryOptions({ imageId }), staleTime: Infinity });
  if (pieces.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading pieces…
      </p>
    );
  }
  if (pieces.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        {galleryMessages.piecesFailed}
        <Button size="sm" variant="outline" onClick={() => void pieces.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (pieces.data.length === 0) return <p className="text-sm text-slate-600">No pieces recorded for this look.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Fashion items">
      {pieces.data.map((item) => {
        const query = shoppingQuery(gender, { name: item.name, color: item.color, description: item.description });
        const price = priceDisplay(item.priceRange);
        return (
          <li key={item.id} className="rounded-lg border border-slate-200 bg-slate-50 p-2.5">
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-slate-900">{item.name}</span>
              <span className="shrink-0 text-xs text-slate-600" title={price.label}>
                <span aria-hidden="true">{price.symbols}</span>
                <span className="sr-only">{price.label}</span>
              </span>
            </div>
            <p className="text-xs text-slate-600">
              {item.type} · {item.color}
            </p>
            {item.description && <p className="mt-1 text-xs text-slate-700">{item.description}</p>}
            <div className="mt-2 flex gap-2">
              <a href={googleShoppingUrl(query, DOMAINS)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Google <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens a new tab: {item.name})</span>
              </a>
              <a href={amazonSearchUrl(query, DOMAINS)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Amazon <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens a new tab: {item.name})</span>
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
