import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MENU_ITEMS } from './menu';

/**
 * The dashboard's tab panels, by menu item id (settings-and-admin §2.2). Each panel is a feature's
 * component, loaded as its own chunk when its tab is first opened (`lazy(() => import(...))`); its
 * menu item says `tab: true`.
 */
export const DASHBOARD_TABS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  analytics: lazy(() => import('../features/analytics/analytics-tab').then((m) => ({ default: m.AnalyticsTab }))),
  inventory: lazy(() => import('../features/inventory/inventory-tab').then((m) => ({ default: m.InventoryTab }))),
  'combo-matrix': lazy(() => import('../features/inventory/combo-matrix-tab').then((m) => ({ default: m.ComboMatrixTab }))),
  settings: lazy(() => import('../features/settings/settings-tab').then((m) => ({ default: m.SettingsTab }))),
  users: lazy(() => import('../features/users/users-tab').then((m) => ({ default: m.UsersTab }))),
  'batch-generation': lazy(() => import('../features/batch/batch-tab').then((m) => ({ default: m.BatchTab }))),
};

export const dashboardTabIds = (): string[] => MENU_ITEMS.filter((i) => i.tab && DASHBOARD_TABS[i.id]).map((i) => i.id);

export const firstTabId = (): string | null => dashboardTabIds()[0] ?? null;
