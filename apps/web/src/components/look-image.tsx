import { THUMB_WIDTH } from '@drape/contracts';
import { cn, useResponsiveImage } from '@drape/ui';
import { ImageOff } from 'lucide-react';

export interface LookImageProps {
  /** The look's 384 px thumbnail and its full picture: the browser fetches the one its slot needs. */
  thumbnailUrl: string | null | undefined;
  imageUrl: string | null | undefined;
  /** The slot's width at each breakpoint (gridSizes of the grid it sits in). */
  sizes: string;
  alt: string;
  /** The full picture's real size: the box is reserved before it loads (no layout shift). */
  width?: number | undefined;
  height?: number | undefined;
  /** 'lazy' below the fold. */
  loading?: 'eager' | 'lazy';
  className?: string;
}

/**
 * A look's picture through srcset: each file from the CDN, then from our origin, then the other
 * file, then a placeholder (user-area §2: a broken image falls back to a placeholder).
 */
export function LookImage({ thumbnailUrl, imageUrl, sizes, alt, width = 768, height = 1024, loading = 'eager', className }: LookImageProps) {
  const image = useResponsiveImage([{ url: thumbnailUrl, width: THUMB_WIDTH }, { url: imageUrl, width }]);
  if (!image.src) {
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
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={image.onError}
      className={cn('block aspect-[3/4] h-auto w-full object-cover', className)}
    />
  );
}
