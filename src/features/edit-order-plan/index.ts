export { useCreatePlan, useSavePlanCells, weekStartError } from './model/edit-order-plan';
export { CreatePlanModal } from './ui/create-plan-modal';
