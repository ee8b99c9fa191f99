/**
 * The signed-in sections, in the header and the mobile bottom bar (user-area §2 Header), and
 * My Pieces, the user's own clothes (issue 19, section 3; docs/spec-notes.md).
 */
export const MEMBER_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/wardrobe', label: 'Wardrobe' },
  { to: '/lookbook', label: 'LookBook' },
  { to: '/pieces', label: 'My Pieces' },
] as const;
