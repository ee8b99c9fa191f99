/**
 * The public page of a shared look (user-area §2 routes). A module without zod schemas: every
 * page's first load links to it (decision 0010).
 */
export const sharedOutfitPath = (id: string) => `/outfit/${id}`;
