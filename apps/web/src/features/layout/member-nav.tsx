import {
  buttonClasses, cn, Dialog, DialogDescription, SheetContent, DialogTitle, DialogTrigger,
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@drape/ui';
import { ChevronDown, LogOut, Menu, Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useShownProfile } from '../../lib/use-profile';
import { useAuth } from '../../lib/auth-context';
import { TierBadge } from '../../components/tier-badge';
import { MEMBER_LINKS } from './member-links';

/**
 * The signed-in header: section links, the account menu and the mobile slide-out (user-area §2
 * Header). Its own chunk: the dialogs and menus it is built from are no part of a visitor's page.
 */
export default function MemberNav() {
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
        {MEMBER_LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            className={({ isActive }) =>
              cn(
                // Four sections beside the account menu fit a 768 px screen with the narrower padding.
                'relative whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-ink lg:px-4',
                isActive ? 'bg-sand text-ink' : 'text-taupe hover:text-ink',
              )
            }
          >
            {link.label}
          </NavLink>
        ))}
        <div className="ml-2 lg:ml-3">
          <AccountMenu />
        </div>
      </nav>
      <div className="md:hidden">
        <MobileMenu />
      </div>
    </>
  );
}

function AccountMenu() {
  const { logout } = useAuth();
  const { user } = useShownProfile();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-linen bg-paper py-1 pl-1 pr-3 transition-colors hover:border-stone focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink">
        <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-sand text-umber">
          <UserRound className="h-4 w-4" />
        </span>
        {/* Below lg the badge moves into the menu: the trigger keeps room for the four sections. */}
        {user ? <TierBadge tier={user.tier} className="hidden lg:inline-flex" /> : <span aria-hidden="true" className="hidden h-5 w-20 rounded-full bg-sand lg:block" />}
        <span className="sr-only"> account menu</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 text-taupe" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {user ? (
          <DropdownMenuLabel>
            <span className="block text-sm font-medium text-ink">{user.firstName} {user.lastName}</span>
            <span className="block truncate">@{user.username}</span>
            <TierBadge tier={user.tier} className="mt-2 lg:hidden" />
          </DropdownMenuLabel>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/profile')}>
          <UserRound aria-hidden="true" className="h-4 w-4 text-taupe" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/settings')}>
          <Settings aria-hidden="true" className="h-4 w-4 text-taupe" /> Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" className="h-4 w-4 text-taupe" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { logout } = useAuth();
  const { user } = useShownProfile();
  const close = () => setOpen(false);
  const item = 'flex items-center gap-3 rounded-xl px-4 py-3.5 text-base text-ink transition-colors hover:bg-sand focus-visible:outline-2 focus-visible:outline-ink';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className={buttonClasses({ variant: 'ghost', size: 'icon' })} aria-label="Open menu">
        <Menu aria-hidden="true" className="h-5 w-5" />
      </DialogTrigger>
      <SheetContent>
        <div className="flex flex-col gap-6 px-5 pb-6 pt-6">
          <div className="flex flex-col gap-3 pr-10">
            <DialogTitle className="text-lg">Menu</DialogTitle>
            <DialogDescription className="sr-only">Your account and settings</DialogDescription>
            {user ? (
              <div className="flex flex-col items-start gap-2">
                <span className="text-sm text-taupe">
                  {user.firstName} {user.lastName}
                </span>
                <TierBadge tier={user.tier} />
              </div>
            ) : null}
          </div>
          <nav aria-label="Account" className="flex flex-col gap-1">
            <Link to="/profile" onClick={close} className={item}>
              <UserRound aria-hidden="true" className="h-5 w-5 text-taupe" /> Profile
            </Link>
            <Link to="/settings" onClick={close} className={item}>
              <Settings aria-hidden="true" className="h-5 w-5 text-taupe" /> Settings
            </Link>
            <button
              type="button"
              className={cn(item, 'w-full cursor-pointer text-left')}
              onClick={() => {
                close();
                void logout();
              }}
            >
              <LogOut aria-hidden="true" className="h-5 w-5 text-taupe" /> Logout
            </button>
          </nav>
        </div>
      </SheetContent>
    </Dialog>
  );
}
