import type { ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import { THUMB_HEIGHT, THUMB_WIDTH } from '@drape/contracts';
import { cn, useResponsiveImage } from '@drape/ui';

export interface LookThumbnailProps {
  /** The look's 384 px thumbnail. */
  src: string;
  /** Its full picture and that picture's size: offered through srcset beside the thumbnail. */
  fullSrc?: string;
  width?: number;
  height?: number;
  /** The slot's width per breakpoint (gridSizes of the list's grid); needed with fullSrc. */
  sizes?: string;
  alt: string;
  className?: string;
  /** Shown over the picture (a status, a position). */
  children?: ReactNode;
}

/**
 * A look's picture in the 3:4 frame of every admin list, loaded lazily, through srcset when the
 * full picture is given; an address that fails is tried from our origin, then the other file, and
 * when none loads a mark and its description for screen readers replace the broken image.
 */
export function LookThumbnail({ src, fullSrc, width = THUMB_WIDTH, height = THUMB_HEIGHT, sizes, alt, className, children }: LookThumbnailProps) {
  const image = useResponsiveImage(fullSrc ? [{ url: src, width: THUMB_WIDTH }, { url: fullSrc, width }] : [{ url: src, width: THUMB_WIDTH }]);
  return (
    <div className={cn('relative aspect-[3/4] overflow-hidden rounded-xl bg-slate-100', className)}>
      {image.src ? (
        <img
          src={image.src}
          srcSet={fullSrc ? image.srcSet : undefined}
          sizes={fullSrc ? sizes : undefined}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={fullSrc ? width : THUMB_WIDTH}
          height={fullSrc ? height : THUMB_HEIGHT}
          onError={image.onError}
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full items-center justify-center text-slate-400">
          <ImageOff aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">{alt} (image unavailable)</span>
        </div>
      )}
      {children}
    </div>
  );
}
