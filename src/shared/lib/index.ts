export { copyToClipboard } from './clipboard';
export { greeting, greetingForHour } from './greeting';
export { textFieldBinder, useZodForm, zodFieldErrors, type BoundTextField, type FieldErrors, type StringKeys } from './form';
export { notifyKind } from './notify-kind';
export { assertPermissionList, assertRoleList, hasAnyPermission, hasAnyRole, hasPermission, hasRole } from './permission';
export { createProgress, pageProgress } from './progress';
export { codeField, passwordField, phoneField } from './validation';
export { useNow } from './use-now';
export { formatBytes } from './format-bytes';
export { centsToYuanText, formatCents, yuanToCents } from './money';
export { compactParams, csvParam, dayParam, enumCsvParam, enumParam, joinCsv, normalizeCsv, positiveIntParam, splitCsv, textParam } from './search-params';
export { lenientParser, pageParams, useKeptPagedSearch, useKeptSearch } from './use-kept-search';
export {
  addDays,
  DAY_PATTERN,
  dayRange,
  daysBetween,
  daysOf,
  formatTime,
  type Instant,
  isCalendarDay,
  isoWeekday,
  mondayOf,
  parseInstant,
  shanghaiDay,
  shanghaiDayStart,
  shanghaiHour,
  shanghaiYear,
  shortDay,
  TIME_ZONE,
  type TimeFormat,
  WEEKDAY_TEXT,
  weekdayText,
} from './shanghai-time';
export { dayRangePresets, type DayRangePreset } from './day-presets';
export { addPicked, markPickedFailed, markPickedUploaded, removePicked, type PickedFile, type PickedFileStatus } from './picked-files';
export { usePickedUploads, type StoredFile } from './use-picked-uploads';
export { dismissBootShell, useDismissBootShell } from './boot-shell';
export { useMountInTransition } from './use-mount-in-transition';
export { COLOR_SCHEME_STORAGE_KEY, colorSchemeManager } from './color-scheme';
export { GO_SEQUENCE_MS, GO_TARGETS, isModalOpen, isTypingTarget, mayHandle, useGlobalHotkeys, useListHotkeys, type GlobalHotkeys, type GoTarget, type ListHotkeysOptions } from './hotkeys';
export { shanghaiYearOfMs } from './shanghai-offset';
