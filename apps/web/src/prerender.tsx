import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { authStore } from './lib/auth-store';
import { loadDataLayer } from './lib/data-layer-loader';
import { App } from './app/app';
import { isHomePath, preloadRoute } from './app/router';

/**
 * A page as a signed-out visitor first sees it (the public entry pages), or as a signed-in user
 * does before their data arrives (/dashboard), rendered at build (vite-prerender.ts) the way the
 * client renders it before any data arrives, so that the client hydrates it instead of painting it
 * again. Its screen's chunk (and the data layer, for a screen inside it) is loaded first, as
 * main.tsx does before hydrating. The lazy parts inside (the signed-in header, the session
 * monitor) are loaded by a first pass, React's static prerender, which waits for them; the page is
 * the second pass, where they render in place (the first pass's markup would need inline scripts
 * to reveal them). Node runs this, but it touches no node API: it is built for the browser app's
 * rules.
 */
export async function render(pathname: string, signedIn: boolean): Promise<string> {
  authStore.assumeForPrerender(signedIn);
  await Promise.all([preloadRoute(pathname), !signedIn && isHomePath(pathname) ? null : loadDataLayer()]);
  const page = () => (
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>
  );
  await prerender(page());
  return renderToString(page());
}
