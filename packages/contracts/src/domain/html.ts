/**
 * Escapes text for HTML and XML, in content and in quoted attributes alike. The one function
 * every server-written page, file and mail goes through (link previews, the pages' origin tag, the
 * sitemap, the mails' HTML parts), so that what a user typed is shown and never read as markup.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
