import { SERVICE_WORKER_PATH } from '@drape/contracts/offline';

/**
 * Registers the service worker (decision 0032) once the page has loaded: its install precaches the
 * build's chunks, which must not compete with the first paint. Only in a built app (the dev
 * server's modules are not hashed chunks).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch((err: unknown) => console.warn('The service worker was not registered.', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
