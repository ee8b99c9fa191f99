import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { loadDataLayer } from './lib/data-layer-loader';
import { App } from './app/app';
import { isHomePath, preloadRoute } from './app/router';

/**
 * A public page as a signed-out visitor first sees it, rendered at build (vite-prerender.ts) the
 * way the client renders it before any data arrives, so that the client hydrates it instead of
 * painting it again. Its screen's chunk (and the data layer, for a screen inside it) is loaded
 * first, as main.tsx does before hydrating, so nothing suspends. Node runs this, but it touches
 * no node API: it is built for the browser app's rules.
 */
export async function render(pathname: string): Promise<string> {
  await Promise.all([preloadRoute(pathname), isHomePath(pathname) ? null : loadDataLayer()]);
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
