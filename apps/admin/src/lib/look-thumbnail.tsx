import { useState, type ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '@drape/ui';

export interface LookThumbnailProps {
  src: string;
  alt: string;
  className?: string;
  /** Shown over the picture (a status, a position). */
  children?: ReactNode;
}

/**
 * A look's picture in the 3:4 frame of every admin list, loaded lazily; an image that fails to load
 * leaves a mark and its description for screen readers instead of a broken image.
 */
export function LookThumbnail({ src, alt, className, children }: LookThumbnailProps) {
  // The source a failure was seen for: a new source tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <div className={cn('relative aspect-[3/4] overflow-hidden rounded-xl bg-slate-100', className)}>
      {failed ? (
        <div className="flex h-full items-center justify-center text-slate-400">
          <ImageOff aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">{alt} (image unavailable)</span>
        </div>
      ) : (
        <img src={src} alt={alt} loading="lazy" decoding="async" width={384} height={512} onError={() => setFailedSrc(src)} className="h-full w-full object-cover" />
      )}
      {children}
    </div>
  );
}
