export { savedViewApi, savedViewKeys, savedViewQueries } from './api/saved-view.queries';
export {
  defaultView,
  MAX_VIEWS_PER_LIST,
  pinnedViews,
  SAVED_VIEW_LISTS,
  savedViewListAnswerSchema,
  savedViewListSchema,
  savedViewSchema,
  VIEW_NAME_MAX,
  viewMatches,
  viewSortSchema,
  type SavedView,
  type SavedViewBody,
  type SavedViewList,
  type ViewSort,
  type ViewState,
} from './model/saved-view.schema';
