export { deductionKeys, deductionQueries } from './api/deduction.queries';
export {
  DEDUCTION_KEYWORD_MAX,
  DEDUCTION_PAGE_SIZE,
  DEDUCTION_SOURCE_COLOR,
  DEDUCTION_SOURCE_TEXT,
  DEDUCTION_SOURCES,
  deductionListParamsOf,
  deductionPageSchema,
  deductionSchema,
  deductionSearchSchema,
  parseDeductionSearch,
  withDeductionFilters,
  withDeductionPage,
  type Deduction,
  type DeductionFilterPatch,
  type DeductionListParams,
  type DeductionPage,
  type DeductionSearch,
  type DeductionSource,
} from './model/deduction.schema';
export { DeductionSourceTag } from './ui/deduction-source-tag';
