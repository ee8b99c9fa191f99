// Apart from the auth schemas: the web app reads these on every page, and a module with no zod
// in it keeps zod out of pages that validate nothing (the package declares no side effects).

/** Local storage keys, sessionStorage keys and readable cookies of the product (user-area §3, §4). */
export const STORAGE_PREFIX = 'drape_';
/** The HttpOnly session cookie (decision 0003). */
export const SESSION_COOKIE = 'drape_session';
