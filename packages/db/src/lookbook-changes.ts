/**
 * The channel on which PostgreSQL announces a change of the LookBook or of the landing's showcase
 * (migration 0020's statement triggers): every server process drops its copies when it hears it
 * (docs/decisions/0030-lookbook-shared-cache.md).
 */
export const LOOKBOOK_CHANGES_CHANNEL = 'lookbook_changes';
