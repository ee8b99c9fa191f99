import { useState, type ReactNode } from 'react';
import { imageSources } from '../../lib/image-sources';

/**
 * A showcase picture: from the CDN, then from our own origin, then the placeholder. Its size is
 * reserved by the caller's box (aspect ratio), so nothing moves when it arrives.
 */
export function ShowcaseImage({ src, alt, width, height, placeholder, className }: {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  placeholder: ReactNode;
  className?: string;
}) {
  const sources = src ? imageSources([src]) : [];
  const [failed, setFailed] = useState(0);
  const current = sources[failed];
  if (!current) return <>{placeholder}</>;
  return (
    <img
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((n) => n + 1)}
      className={className}
    />
  );
}
