import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import scalarApiReference from '@scalar/fastify-api-reference';

/** The API reference: Scalar's viewer of /api/openapi.json, served from our own origin (no CDN). */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';
/** The viewer's script, served by the plugin from its own package. */
export const API_DOCS_SCRIPT = `${API_DOCS_PATH}/js/scalar.js`;

/** The inline scripts of an HTML page, as CSP hashes them (`'sha256-<base64>'`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (m[1]) hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The policy with `sources` added to its script-src (helmet's policy always has one). */
export function withScriptSources(policy: string, sources: string[]): string {
  return policy.split(';').map((d) => (d.trim().startsWith('script-src ') ? `${d} ${sources.join(' ')}` : d)).join(';');
}

/**
 * GET /api/docs (a redirect to /api/docs/, where the viewer's relative paths resolve), the page,
 * and the viewer's script. The page starts the viewer with an inline script: the document policy
 * allows exactly that script, by its hash, and nothing else inline. The viewer's own web fonts
 * would come from Scalar's servers: off, it uses the system's.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_req, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      const policy = reply.getHeader('content-security-policy');
      if (!type.startsWith('text/html') || typeof payload !== 'string' || typeof policy !== 'string') return payload;
      const hashes = inlineScriptHashes(payload);
      if (hashes.length) reply.header('content-security-policy', withScriptSources(policy, hashes));
      return payload;
    });
    await scope.register(scalarApiReference, {
      routePrefix: API_DOCS_PATH,
      configuration: {
        url: OPENAPI_PATH,
        pageTitle: 'Drape API',
        withDefaultFonts: false,
        // Scalar's hosted services (its AI agent, request proxy, telemetry) are not reachable from here and not wanted.
        agent: { disabled: true },
        telemetry: false,
        showDeveloperTools: 'never',
      },
    });
  });
}
