import { Group, MultiSelect } from '@mantine/core';
import {
  DEDUCTION_KEYWORD_MAX,
  DEDUCTION_SOURCE_TEXT,
  DEDUCTION_SOURCES,
  type DeductionFilterPatch,
  type DeductionSearch,
} from '@/entities/deduction';
import { joinCsv, splitCsv } from '@/shared/lib';
import { ClearFiltersButton, KeywordFilter } from '@/shared/ui';
import { DayRangeInput } from '@/shared/ui/day-picker';

const SOURCE_OPTIONS = DEDUCTION_SOURCES.map((s) => ({ value: s, label: DEDUCTION_SOURCE_TEXT[s] }));

/** Source, date range and keyword filters of the deduction list (kept in the URL). */
export function DeductionFilters({ search, onChange }: { search: DeductionSearch; onChange: (patch: DeductionFilterPatch) => void }) {
  const count = [search.source, search.from, search.to, search.keyword].filter(Boolean).length;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="扣款筛选">
      <KeywordFilter value={search.keyword} onCommit={(keyword) => onChange({ keyword })} placeholder="订单号或工单标题" maxLength={DEDUCTION_KEYWORD_MAX} />
      <MultiSelect
        label="扣款来源"
        placeholder={search.source ? undefined : '全部'}
        miw={150}
        maw={340}
        clearable
        data={SOURCE_OPTIONS}
        value={splitCsv(search.source)}
        onChange={(v) => onChange({ source: joinCsv(v) })}
      />
      <DayRangeInput label="扣款日期" from={search.from} to={search.to} onChange={(r) => onChange({ from: r.from, to: r.to })} />
      <ClearFiltersButton count={count} onClear={() => onChange({ source: undefined, from: undefined, to: undefined, keyword: undefined })} />
    </Group>
  );
}
