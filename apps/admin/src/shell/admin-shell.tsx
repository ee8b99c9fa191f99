import { LogOut, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button, cn } from '@drape/ui';
import { logout } from '../lib/logout';
import { useMediaQuery } from '../lib/use-media-query';
import { SIDE_MENU_ID, SideMenu } from './side-menu';

const COLLAPSED_KEY = 'drape_admin_menu_collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The signed-in frame: side menu (collapsible on desktop, a drawer on small screens), top bar, main area. */
export function AdminShell() {
  const desktop = useMediaQuery('(min-width: 768px)');
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const mobile = !desktop;

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    toggleRef.current?.focus();
  }, []);

  // The drawer closes on navigation and when the screen grows to desktop width.
  useEffect(() => setDrawerOpen(false), [location.pathname, desktop]);

  useDrawerFocus(drawerRef, drawerOpen && mobile, closeDrawer);

  function toggleMenu() {
    if (mobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((c) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      } catch {
        /* remembered for this page only */
      }
      return !c;
    });
  }

  const menuVisible = desktop || drawerOpen;
  const toggleLabel = mobile ? (drawerOpen ? 'Close menu' : 'Open menu') : collapsed ? 'Expand menu' : 'Collapse menu';
  const ToggleIcon = mobile ? Menu : collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <div className="min-h-dvh bg-slate-100">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>

      {mobile && drawerOpen && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/50" onClick={closeDrawer} />}

      <aside
        id={SIDE_MENU_ID}
        ref={drawerRef}
        aria-label="Side menu"
        hidden={!menuVisible}
        {...(mobile ? { role: 'dialog', 'aria-modal': true } : {})}
        className={cn(
          'fixed inset-y-0 left-0 z-40 bg-slate-900 text-slate-100',
          mobile ? 'w-72 max-w-[85vw] shadow-xl' : collapsed ? 'w-[72px]' : 'w-60',
          'transition-[width] duration-200',
        )}
      >
        <SideMenu collapsed={collapsed} mobile={mobile} onClose={closeDrawer} />
      </aside>

      <div className={cn('flex min-h-dvh flex-col transition-[padding] duration-200', desktop && (collapsed ? 'pl-[72px]' : 'pl-60'))}>
        <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-2 backdrop-blur sm:px-4">
          <button
            ref={toggleRef}
            type="button"
            onClick={toggleMenu}
            aria-controls={SIDE_MENU_ID}
            aria-expanded={mobile ? drawerOpen : !collapsed}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <ToggleIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">{toggleLabel}</span>
          </button>
          {mobile && <span className="truncate text-sm font-semibold text-slate-900">Drape Admin</span>}
          <div className="ml-auto">
            <LogoutButton />
          </div>
        </header>

        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** While the drawer is open: Escape closes it, Tab stays inside it, focus starts on its first control. */
function useDrawerFocus(drawerRef: RefObject<HTMLElement | null>, open: boolean, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const drawer = drawerRef.current;
    const focusables = () => Array.from(drawer?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);
    focusables()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose, drawerRef]);
}

/** Logout: pending until the server has ended the token (lib/logout.ts). */
function LogoutButton() {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      pending={leaving}
      pendingLabel="Logging out…"
      onClick={() => {
        setLeaving(true);
        void logout();
      }}
    >
      <LogOut aria-hidden="true" className="h-4 w-4" />
      Logout
    </Button>
  );
}
