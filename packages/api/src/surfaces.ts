import type { ProcedureMeta } from './procedure-meta';

/**
 * Which calls a listener answers. With ADMIN_ORIGIN set the server listens twice: the main origin
 * is the user surface (everything but the admin area), the admin origin the admin surface (the
 * admin area, and the few other calls the admin app makes). Without it there is one listener and
 * no surface: every call everywhere, as the spec's hidden path has it.
 */
export type Surface = 'user' | 'admin';

const isAdminPath = (path: string) => path.startsWith('admin.');

/**
 * Whether a procedure (by its path in the router, and its metadata) is answered on a surface, by
 * tRPC or by its REST row: the admin area on the admin surface, with the calls outside it that
 * the admin app makes (`meta.adminApp`: a look's pieces in the gallery, the bot check of a locked
 * admin key's sign-in); everything else on the user surface.
 */
export function procedureOnSurface(surface: Surface, path: string, meta: ProcedureMeta | undefined): boolean {
  return surface === 'admin' ? isAdminPath(path) || meta?.adminApp === true : !isAdminPath(path);
}
