import { useEffect, useState } from 'react';
import { readAdminToken } from '../../lib/admin-token';
import { endAdminSession } from '../../lib/session';

export type PrivateImage = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/**
 * A picture only an admin token may read (a blocked image's private file): an <img src> cannot send
 * the Authorization header, so it is fetched as a blob and shown by an object URL, revoked when the
 * card goes or the address changes. Public addresses (a restored look) are used as they are.
 */
export function usePrivateImage(url: string | null): PrivateImage {
  const [image, setImage] = useState<PrivateImage>({ state: 'loading' });
  useEffect(() => {
    if (!url) {
      setImage({ state: 'failed' });
      return;
    }
    if (!url.startsWith('/api/')) {
      setImage({ state: 'ready', src: url });
      return;
    }
    setImage({ state: 'loading' });
    const abort = new AbortController();
    let objectUrl: string | null = null;
    const token = readAdminToken();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: abort.signal })
      .then(async (res) => {
        if (res.status === 401) {
          endAdminSession('expired');
          return;
        }
        if (!res.ok) throw new Error(`image ${res.status}`);
        objectUrl = URL.createObjectURL(await res.blob());
        if (abort.signal.aborted) URL.revokeObjectURL(objectUrl);
        else setImage({ state: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!abort.signal.aborted) setImage({ state: 'failed' });
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return image;
}
