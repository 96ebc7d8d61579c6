export {
  buildChangeRequest,
  editableDays,
  requestWeekOffsets,
  useRequestPlanChange,
  WEEKLY_OFFSETS,
  weekStartAfter,
  type ChangeForm,
  type ChangeFormErrors,
} from './model/plan-change-form';
export { MyPlanButton, MyPlanDrawer } from './ui/my-plan-drawer';
