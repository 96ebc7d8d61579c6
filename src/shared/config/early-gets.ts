/**
 * The API reads a signed-in first load asks for before the app has drawn anything (issue #19):
 * index.html starts them itself, next to the app's scripts, instead of after them, and the app's
 * first request of each path takes that answer (`shared/api/http.ts`). `layout`: every page of the
 * app's layout reads these (the guard's profile, menus and dictionaries, the top bar's preferences
 * and bell); `byRoute`: what a page reads first, by its path. Only reads without a query string.
 * vite.config.ts writes this into index.html, so the page and the app cannot disagree.
 */
export const EARLY_GETS: { layout: readonly string[]; byRoute: Readonly<Record<string, readonly string[]>> } = {
  layout: ['user/profile', 'system/menus', 'system/dicts', 'workbench/preferences', 'messages/messages/unread', 'messages/types'],
  byRoute: { '/home': ['workbench/home'], '/': ['workbench/home'] },
};
