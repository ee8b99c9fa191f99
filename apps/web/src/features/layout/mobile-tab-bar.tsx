import { cn } from '@drape/ui';
import { BookOpen, Shirt, Sparkles, Tags } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { MEMBER_LINKS } from './member-links';

const ICONS = { '/dashboard': Sparkles, '/wardrobe': Shirt, '/lookbook': BookOpen, '/pieces': Tags } as const;

/** The signed-in bottom bar on small screens (user-area §2 Header). */
export function MobileTabBar() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return (
    <nav
      aria-label="Sections"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-linen bg-paper/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {MEMBER_LINKS.map((link) => {
          const Icon = ICONS[link.to];
          return (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium tracking-wide transition-colors focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ink',
                    isActive ? 'text-ink' : 'text-taupe',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon aria-hidden="true" className={cn('h-5 w-5', isActive && 'text-gold-ink')} />
                    {link.label}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
