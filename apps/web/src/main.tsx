import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { cn, prepareClassMerge } from '@drape/ui';
import { authStore } from './lib/auth-store';
import { loadDataLayer } from './lib/data-layer-loader';
import { App } from './app/app';
import { isHomePath, preloadRoute } from './app/router';
import { installUnhandledAuthRejections } from './lib/unhandled-auth-rejections';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

installUnhandledAuthRejections();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

const { pathname } = window.location;
const signedOut = !authStore.get().token;
const landing = signedOut && isHomePath(pathname);

// The server sends a prerendered page (its root names the path it was rendered for, and whether
// for a signed-in user) to the requests it is for: the public pages to a visitor without a session
// cookie, /dashboard to one with a session. The visitor it is meant for (a token stored here, or
// none) gets it hydrated, its screen's chunk (and the data layer, for a screen inside it) loaded
// first so that nothing suspends; anyone else (a token left in this browser without the cookie, a
// cookie without a token) gets the app rendered afresh. Other screens load their chunk and the data
// layer together, not in turn.
async function start(container: HTMLElement) {
  const chunks = Promise.all([preloadRoute(pathname), landing ? null : loadDataLayer(), prepareFirstRender()]);
  const renderedFor = container.dataset.signedIn === undefined ? 'visitor' : 'member';
  if (container.dataset.prerendered === pathname && renderedFor === (signedOut ? 'visitor' : 'member')) {
    // Should a chunk not arrive, the prerendered page stays as it is: its links still work.
    if (!(await chunks.then(() => true, () => false))) return;
    // As a transition, hydration yields to the browser every few milliseconds (a phone stays
    // responsive) instead of running as one long task; the page is on screen meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  await chunks.catch(() => {
    // A chunk that failed to arrive is asked for again as the app renders (and shows its error there).
  });
  // As a transition the first render yields to the browser every few milliseconds instead of one
  // long task (blocking time on a phone); the shell's static frame stays until React's first
  // commit replaces the container's children.
  const appRoot = createRoot(container);
  startTransition(() => {
    appRoot.render(app);
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the first render would otherwise build in the middle of a long task, built ahead in tasks
 * of its own while the chunks arrive: tailwind-merge's config, then its class map.
 */
async function prepareFirstRender(): Promise<void> {
  await nextTask();
  prepareClassMerge();
  await nextTask();
  cn();
}

void start(root);
registerServiceWorker();
