export { HOME_REFETCH_MS, useHomeSummary, workbenchApi, workbenchQueries } from './api/workbench.queries';
export {
  homeSchema,
  shortcutsSchema,
  WORK_GROUPS,
  workItemSchema,
  type HomeSummary,
  type ProjectCard,
  type ShortcutItem,
  type Shortcuts,
  type WorkGroupKey,
  type WorkItem,
} from './model/workbench.schema';
