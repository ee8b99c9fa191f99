import { cn } from '@drape/ui';
import { X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandMark } from '../components/brand-mark';
import { paths } from '../lib/base-path';
import { firstTabId } from './dashboard-tabs';
import { MENU_ITEMS, type MenuItem } from './menu';

export const SIDE_MENU_ID = 'admin-side-menu';

interface SideMenuProps {
  /** Desktop: icons only. */
  collapsed: boolean;
  /** Small screens: shown as a drawer over the page. */
  mobile: boolean;
  onClose: () => void;
}

/** Where an item goes: its own screen, or its tab of the dashboard. */
function itemTarget(item: MenuItem): string | null {
  if (item.path) return paths.sub(item.path);
  if (item.tab) return `${paths.home}?tab=${item.id}`;
  return null;
}

export function SideMenu({ collapsed, mobile, onClose }: SideMenuProps) {
  const location = useLocation();
  const currentTab = location.pathname === paths.home ? (new URLSearchParams(location.search).get('tab') ?? firstTabId()) : null;
  const iconOnly = collapsed && !mobile;
  const itemBase = cn('flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm', iconOnly && 'justify-center px-0');
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-14 shrink-0 items-center gap-2 border-b border-white/10 px-4', iconOnly && 'justify-center px-0')}>
        <Link
          to={paths.home}
          onClick={mobile ? onClose : undefined}
          className="flex min-w-0 items-center gap-2.5 rounded-md text-white focus-visible:outline-indigo-300"
          title={iconOnly ? 'Drape Admin: dashboard' : undefined}
        >
          <BrandMark className="size-7" />
          <span className={cn('truncate font-semibold tracking-tight', iconOnly && 'sr-only')}>
            Drape <span className="font-normal text-slate-300">Admin</span>
          </span>
        </Link>
        {mobile && (
          <button
            type="button"
            onClick={onClose}
            className="ml-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 focus-visible:outline-indigo-300"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close menu</span>
          </button>
        )}
      </div>
      <nav aria-label="Admin menu" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="flex flex-col gap-0.5">
          {MENU_ITEMS.map((item) => {
            const Icon = item.icon;
            const label = <span className={cn('truncate', iconOnly && 'sr-only')}>{item.label}</span>;
            return (
              <li key={item.id}>
                {itemTarget(item) ? (
                  <NavLink
                    to={itemTarget(item)!}
                    end
                    onClick={mobile ? onClose : undefined}
                    title={iconOnly ? item.label : undefined}
                    aria-current={item.tab ? (currentTab === item.id ? 'page' : undefined) : undefined}
                    className={({ isActive }) =>
                      cn(
                        itemBase,
                        'font-medium transition-colors focus-visible:outline-indigo-300',
                        (item.tab ? currentTab === item.id : isActive) ? 'bg-indigo-500/20 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white',
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-[18px] shrink-0" />
                    {label}
                  </NavLink>
                ) : (
                  // No screen yet: shown, but not a link and not in the tab order.
                  <span className={cn(itemBase, 'cursor-default text-slate-400')} title={iconOnly ? item.label : undefined} data-menu-item={item.id}>
                    <Icon aria-hidden="true" className="size-[18px] shrink-0" />
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
