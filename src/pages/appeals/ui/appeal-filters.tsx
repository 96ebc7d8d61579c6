import { Button, Group, MultiSelect } from '@mantine/core';
import {
  APPEAL_KEYWORD_MAX,
  APPEAL_STATUS_TEXT,
  APPEAL_STATUSES,
  APPEAL_TYPE_TEXT,
  APPEAL_TYPES,
  type AppealFilterPatch,
  type AppealSearch,
} from '@/entities/appeal';
import { joinCsv, splitCsv } from '@/shared/lib';
import { ClearFiltersButton, KeywordFilter } from '@/shared/ui';

interface Props {
  search: AppealSearch;
  /** The review queue is always the pending appeals: no status filter there. */
  showStatus: boolean;
  onChange: (patch: AppealFilterPatch) => void;
  onExport: (format: 'csv' | 'xlsx') => void;
}

const TYPE_OPTIONS = APPEAL_TYPES.map((t) => ({ value: t, label: APPEAL_TYPE_TEXT[t] }));
const STATUS_OPTIONS = APPEAL_STATUSES.map((s) => ({ value: s, label: APPEAL_STATUS_TEXT[s] }));

/** Type, status and keyword filters (kept in the URL) and the export of the filtered list. */
export function AppealFilters({ search, showStatus, onChange, onExport }: Props) {
  const count = [search.type, showStatus ? search.status : undefined, search.keyword].filter(Boolean).length;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="申诉筛选">
      <KeywordFilter value={search.keyword} onCommit={(keyword) => onChange({ keyword })} placeholder="订单号或工单标题" maxLength={APPEAL_KEYWORD_MAX} />
      <MultiSelect
        label="申诉类型"
        placeholder={search.type ? undefined : '全部'}
        miw={160}
        maw={360}
        clearable
        data={TYPE_OPTIONS}
        value={splitCsv(search.type)}
        onChange={(v) => onChange({ type: joinCsv(v) })}
      />
      {showStatus ? (
        <MultiSelect
          label="状态"
          placeholder={search.status ? undefined : '全部'}
          miw={140}
          maw={320}
          clearable
          data={STATUS_OPTIONS}
          value={splitCsv(search.status)}
          onChange={(v) => onChange({ status: joinCsv(v) })}
        />
      ) : null}
      <ClearFiltersButton count={count} onClear={() => onChange({ type: undefined, status: undefined, keyword: undefined })} />
      <Group gap="xs" ml="auto" mb={2}>
        <Button variant="default" size="sm" onClick={() => onExport('csv')}>
          导出 CSV
        </Button>
        <Button variant="default" size="sm" onClick={() => onExport('xlsx')}>
          导出 Excel
        </Button>
      </Group>
    </Group>
  );
}
