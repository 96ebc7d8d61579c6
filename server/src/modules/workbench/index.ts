/** The public face of the workbench module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { SAVED_VIEW_LISTS, type SavedViewList } from './saved-view-lists.js';
export { markWelcomePending } from './welcome.js';
