/** The signed-in sections, in the header and the mobile bottom bar (user-area §2 Header). */
export const MEMBER_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/wardrobe', label: 'Wardrobe' },
  { to: '/lookbook', label: 'LookBook' },
] as const;
