import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './vite-precompress.ts';
import { prerenderPages, REACT_CHUNK } from './vite-prerender.ts';
import { serviceWorker } from './vite-service-worker.ts';

const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages(), serviceWorker(), precompressAssets()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // What the entry needs before the first render, in two chunks beside it rather than a
        // dozen small ones (each is a request a phone on a slow network waits on): React alone,
        // which a prerendered page's start script evaluates in a task of its own, then the rest.
        // The entry (index.html, main.tsx) stays out: the screens' chunks import the group, and an
        // entry inside it would wait on the very screen it loads before it starts the app.
        codeSplitting: {
          groups: [
            { name: REACT_CHUNK, test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id) => !/(\.html|[\\/]src[\\/]main\.tsx)$/.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/trpc': server,
      '/media': server,
      '/healthz': server,
      '/readyz': server,
    },
  },
});
