import { Ban, ChartColumn, Gauge, GalleryHorizontalEnd, Grid3x3, Images, Layers, Package, ScrollText, Settings, Users, WandSparkles, type LucideIcon } from 'lucide-react';

export interface MenuItem {
  id: string;
  label: string;
  icon: LucideIcon;
  /**
   * The path segment under the admin base of the item's screen. Items without one are shown in the
   * menu but do not navigate (settings-and-admin §2.2: "Only items that have links navigate"); give an item a path
   * when its screen is added to the router.
   */
  path?: string;
  /**
   * A tab of the dashboard ({base}?tab=<id>; settings-and-admin §2.2: analytics, settings, users,
   * inventory, combo matrix, batch generation): set when the tab's panel is in dashboard-tabs.ts.
   */
  tab?: boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { id: 'analytics', label: 'Analytics', icon: ChartColumn, tab: true },
  { id: 'severity', label: 'Severity', icon: Gauge, path: 'inventory-severity' },
  { id: 'batch-generation', label: 'Batch Generation', icon: Layers, tab: true },
  { id: 'image-gallery', label: 'Image Gallery', icon: Images, path: 'image-gallery' },
  // Not in the spec's menu, which reaches {base}/lookbook by no link (docs/spec-notes.md).
  { id: 'showcase', label: 'Showcase', icon: GalleryHorizontalEnd, path: 'lookbook' },
  { id: 'blocked-images', label: 'Blocked Images', icon: Ban, path: 'blocked-images' },
  { id: 'settings', label: 'Settings', icon: Settings, tab: true },
  { id: 'users', label: 'Users', icon: Users, tab: true },
  { id: 'inventory', label: 'Inventory', icon: Package, tab: true },
  { id: 'combo-matrix', label: 'Combo Matrix', icon: Grid3x3, tab: true },
  { id: 'single-generator', label: 'Single Generator', icon: WandSparkles, path: 'single-generator' },
  { id: 'audit-log', label: 'Audit Log', icon: ScrollText, path: 'audit-log' },
];
