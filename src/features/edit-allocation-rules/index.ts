export { AllocationRulesSettings } from './ui/allocation-rules-form';
export { rulesChanged, rulesInput, useSaveAllocationRules } from './model/allocation-rules-form';
