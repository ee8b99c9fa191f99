import { cn } from '@drape/ui';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { imageSources } from '../lib/image-sources';

export interface LookImageProps {
  /** URLs in the order to try (e.g. the thumbnail first in a grid, the full picture on a result). */
  urls: readonly (string | null | undefined)[];
  alt: string;
  /** The picture's real size: the box is reserved before it loads (no layout shift). */
  width?: number;
  height?: number;
  /** 'lazy' below the fold. */
  loading?: 'eager' | 'lazy';
  className?: string;
}

/**
 * A look's picture: each URL from the CDN, then from our origin, then the next URL, then a
 * placeholder (user-area §2: a broken image falls back to a placeholder).
 */
export function LookImage({ urls, alt, width = 768, height = 1024, loading = 'eager', className }: LookImageProps) {
  const sources = imageSources(urls);
  const [index, setIndex] = useState(0);
  const src = sources[index];
  if (!src) {
    return (
      <div role="img" aria-label={alt} className={cn('flex aspect-[3/4] w-full flex-col items-center justify-center gap-3 bg-sand text-taupe', className)}>
        <ImageOff aria-hidden="true" className="h-10 w-10 text-stone" />
        <span aria-hidden="true" className="text-sm">
          Image unavailable
        </span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={() => setIndex((i) => i + 1)}
      className={cn('block aspect-[3/4] h-auto w-full object-cover', className)}
    />
  );
}
