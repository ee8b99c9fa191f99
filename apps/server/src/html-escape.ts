/**
 * Escapes text for HTML and XML, in content and in quoted attributes alike: every server-written
 * page and file (link previews, the pages' origin tag, the sitemap) goes through this one.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
