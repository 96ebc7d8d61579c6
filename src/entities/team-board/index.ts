export { teamBoardQueries, type DailyDetailParams } from './api/team-board.queries';
export {
  checkCustomRange,
  PERIOD_ERROR_TEXT,
  presetRange,
  resolvePeriod,
  searchForPreset,
  type PeriodError,
  type ResolvedPeriod,
} from './lib/period';
export {
  dailyDetailSearchSchema,
  MAX_PERIOD_DAYS,
  PERIOD_PRESETS,
  PERIOD_TEXT,
  periodSearchSchema,
  type DailyDetailSearch,
  type Period,
  type PeriodPreset,
  type PeriodSearch,
} from './lib/period-search';
export {
  BOARD_KPIS,
  boardDaySchema,
  boardDesignerSchema,
  boardFiguresSchema,
  dailyDetailSchema,
  dailyDetailTotals,
  kpiBasis,
  rateText,
  teamBoardSchema,
  type BoardDay,
  type BoardDesigner,
  type BoardFigures,
  type BoardKpi,
  type DailyDetail,
  type DailyDetailRow,
  type TeamBoard,
} from './model/team-board.schema';
export { PeriodPicker } from './ui/period-picker';
