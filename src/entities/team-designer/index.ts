export { teamDesignerApi, teamDesignerQueries, type TeamDesignerListParams } from './api/team-designer.queries';
export {
  DAILY_CAPACITY_MAX,
  DESIGNER_TYPE_TEXT,
  designerSettingsSchema,
  ONLINE_TEXT,
  teamDesignerDetailSchema,
  teamDesignerPageSchema,
  teamDesignerSchema,
  type DesignerHistory,
  type DesignerProduct,
  type DesignerSettings,
  type TeamDesigner,
  type TeamDesignerDetail,
  type TeamDesignerPage,
} from './model/team-designer.schema';
export { DesignerSelect, designerOptionLabel } from './ui/designer-select';
export { teamDesignerSearchSchema, type TeamDesignerSearch } from './model/team-designer-search';
export { DesignerLink } from './ui/designer-link';
export {
  ALLOCATION_STRATEGIES,
  allocationRulesSchema,
  STRATEGY_TEXT,
  type AllocationRules,
  type AllocationRulesInput,
  type AllocationStrategy,
} from './model/allocation-rules.schema';
