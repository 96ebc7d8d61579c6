// Date pickers (@mantine/dates and its styles): imported by path, not through `@/shared/ui`, so they
// load with the lazy pages that show them, never with the first page.
export { DayInput } from './day-input';
export { DayRangeInput, type DayRange } from './day-range-input';
