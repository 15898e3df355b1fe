/**
 * The menus' parts that load on first use (the phone's drawer, the desktop's open subtree), as one
 * chunk: every dynamic import costs the shop's first load its own list of chunks to preload, and the
 * home page's first load is held to its budget (bundle-budget.ts).
 */
export { default as MegaMenu, moveInMenu } from './mega-menu';
export { MobileMenuDrawer } from './mobile-menu-drawer';
