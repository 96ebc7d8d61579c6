export { menuQueries } from './api/menu.queries';
export { findMenuEntry, flattenMenu, isExternalPath, pathMatches } from './lib/menu-paths';
export { menuItemSchema, menuTreeSchema, type MenuItem } from './model/menu.schema';
