/** The public face of the system module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { dictName } from './dicts.js';
export { menuFor, roleOf } from './system.service.js';
export { type MenuItem, RELEASED_PATHS } from './menu.js';
