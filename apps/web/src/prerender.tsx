import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadRoute } from './app/router';

/**
 * The signed-out landing as HTML, rendered at build (vite-prerender.ts) exactly as the client
 * renders it at `/` before its data arrives, so that the client hydrates it instead of painting
 * it again. Node runs this, but it touches no node API: it is built for the browser app's rules.
 */
export async function render(pathname: string): Promise<string> {
  await preloadRoute(pathname);
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
