import { cn } from '@drape/ui';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { CLOSET_THUMBNAIL_SIZE } from '@drape/contracts/closet';

export interface PieceImageProps {
  /** The owner-only thumbnail (the session cookie goes with an <img>'s request). */
  src: string;
  className?: string;
  loading?: 'eager' | 'lazy';
}

/**
 * A piece's square thumbnail. Decorative beside the piece's written name, colour and pattern;
 * a photo that does not load (a session that ended, a deleted piece) leaves a placeholder.
 */
export function PieceImage({ src, className, loading = 'lazy' }: PieceImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <div className={cn('relative overflow-hidden bg-sand', className)}>
      {failedSrc === src ? (
        <span className="absolute inset-0 flex items-center justify-center text-taupe">
          <ImageOff aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">Photo unavailable</span>
        </span>
      ) : (
        <img
          src={src}
          alt=""
          width={CLOSET_THUMBNAIL_SIZE}
          height={CLOSET_THUMBNAIL_SIZE}
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  );
}
