import { z } from 'zod';

// In the browser apps, whose CSP allows no eval (script-src 'self'), zod would probe for eval to
// compile its parsers, leaving a CSP violation report on every page that builds a schema: an
// object schema decides as it is built. Every schema of the contracts is built with this `z`, so
// this module is evaluated before any of them, whichever chunk brings it (package.json names it as
// the package's one module with a side effect, so that no bundler skips it).
if ('document' in globalThis) z.config({ jitless: true });

export { z };
