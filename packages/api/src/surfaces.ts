import type { RestRoute } from './rest/routes';

/**
 * Which calls a listener answers. With ADMIN_ORIGIN set the server listens twice: the main origin
 * is the user surface (everything but the admin area), the admin origin the admin surface (the
 * admin area, and the few other calls the admin app makes). Without it there is one listener and
 * no surface: every call everywhere, as the spec's hidden path has it.
 */
export type Surface = 'user' | 'admin';

/**
 * Calls outside `admin.*` that the admin app makes: the gallery's pieces of a look, and the bot
 * check that a locked admin key's sign-in asks for (its config by tRPC, the challenge by REST).
 */
const ADMIN_APP_PROCEDURES: ReadonlySet<string> = new Set(['generate.fashionItems', 'auth.botCheck']);
const ADMIN_APP_ROUTES: ReadonlySet<string> = new Set(['GET /api/fashion-items/:imageId', 'GET /api/auth/bot-check']);

const isAdminPath = (path: string) => path.startsWith('admin.');

/** Whether a tRPC procedure (by path) is answered on a surface. */
export function procedureOnSurface(surface: Surface, path: string): boolean {
  return surface === 'admin' ? isAdminPath(path) || ADMIN_APP_PROCEDURES.has(path) : !isAdminPath(path);
}

/** Whether a REST row is served on a surface. */
export function routeOnSurface(surface: Surface, route: Pick<RestRoute, 'method' | 'path'>): boolean {
  const admin = route.path.startsWith('/api/admin/');
  return surface === 'admin' ? admin || ADMIN_APP_ROUTES.has(`${route.method} ${route.path}`) : !admin;
}
