import { Group, MultiSelect, SegmentedControl, Select, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDictOptions } from '@/entities/dict';
import { productQueries } from '@/entities/product';
import { DesignerSelect } from '@/entities/team-designer';
import {
  activeFilterCount,
  KEYWORD_MAX,
  MARKER_CODES,
  MARKERS,
  STAGE_TEXT,
  TICKET_STAGES,
  TICKET_STATUS_DICT,
  type TicketFilterPatch,
  ticketQueries,
  type TicketSearch,
} from '@/entities/ticket';
import { ClearFiltersButton, KeywordFilter } from '@/shared/ui';
import { DayRangeInput } from '@/shared/ui/day-picker';
import { SORT_OPTIONS } from '../model/sort-options';

interface Props {
  search: TicketSearch;
  isLead: boolean;
  onChange: (patch: TicketFilterPatch) => void;
  onSort: (sort: Pick<TicketSearch, 'sort_by' | 'sort_order'>) => void;
  onClear: () => void;
}

const csvOf = (values: string[]) => (values.length ? values.join(',') : undefined);
const listOf = (csv: string | undefined) => (csv ? csv.split(',') : []);

const MARKER_OPTIONS = MARKER_CODES.map((code) => ({ value: code, label: `${MARKERS[code].label} ${MARKERS[code].name}` }));
const STAGE_OPTIONS = TICKET_STAGES.map((s) => ({ value: s, label: STAGE_TEXT[s] }));

/** A text filter typed freely and applied after a pause (or on Enter); follows the URL when it changes elsewhere. */
/** The ticket filters (My tickets, team orders); every change goes to the URL (and back to page 1). */
export function TicketFilters({ search, isLead, onChange, onSort, onClear }: Props) {
  const statusOptions = useDictOptions(TICKET_STATUS_DICT);
  const shops = useQuery(ticketQueries.shops());
  const products = useQuery(productQueries.available());
  const count = activeFilterCount(search);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="工单筛选">
      {isLead ? (
        <SegmentedControl
          aria-label="工单范围"
          value={search.scope ?? 'team'}
          onChange={(v) => onChange({ scope: v === 'pool' ? 'pool' : undefined })}
          data={[
            { value: 'team', label: '团队工单' },
            { value: 'pool', label: '待分配池' },
          ]}
        />
      ) : null}
      <KeywordFilter value={search.keyword} onCommit={(keyword) => onChange({ keyword })} placeholder="订单号或标题" maxLength={KEYWORD_MAX} w={180} />
      <MultiSelect
        label="状态"
        placeholder={search.status ? undefined : '全部'}
        w={200}
        clearable
        data={statusOptions.map((o) => ({ value: o.value, label: o.label }))}
        value={listOf(search.status)}
        onChange={(v) => onChange({ status: csvOf(v) })}
      />
      <MultiSelect
        label="标记"
        placeholder={search.markers ? undefined : '全部'}
        w={200}
        clearable
        searchable
        data={MARKER_OPTIONS}
        value={listOf(search.markers)}
        onChange={(v) => onChange({ markers: csvOf(v) })}
      />
      <Select
        label="店铺"
        placeholder="全部"
        w={160}
        clearable
        data={(shops.data ?? []).map((s) => ({ value: String(s.shop_id), label: s.name }))}
        value={search.shop_id ? String(search.shop_id) : null}
        onChange={(v) => onChange({ shop_id: v ? Number(v) : undefined })}
      />
      <Select
        label="产品"
        placeholder="全部"
        w={140}
        clearable
        searchable
        data={(products.data?.items ?? []).map((p) => ({ value: String(p.product_id), label: p.name }))}
        value={search.product_id ? String(search.product_id) : null}
        onChange={(v) => onChange({ product_id: v ? Number(v) : undefined })}
      />
      <Select
        label="阶段"
        placeholder="全部"
        w={120}
        clearable
        data={STAGE_OPTIONS}
        value={search.stage ?? null}
        onChange={(v) => onChange({ stage: (v as TicketSearch['stage']) ?? undefined })}
      />
      <DayRangeInput label="创建日期" from={search.created_from} to={search.created_to} onChange={(r) => onChange({ created_from: r.from, created_to: r.to })} />
      {isLead ? (
        <DesignerSelect
          label="设计师"
          placeholder="全部"
          w={200}
          detailed={false}
          value={search.designer_id ?? null}
          onChange={(v) => onChange({ designer_id: v ?? undefined })}
        />
      ) : null}
      <Select
        label="排序"
        w={170}
        allowDeselect={false}
        data={SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        value={`${search.sort_by ?? 'created_at'}:${search.sort_order ?? 'desc'}`}
        onChange={(v) => {
          const [by, order] = (v ?? 'created_at:desc').split(':') as [TicketSearch['sort_by'], TicketSearch['sort_order']];
          onSort({ sort_by: by === 'created_at' ? undefined : by, sort_order: order === 'desc' ? undefined : order });
        }}
      />
      <Switch
        label="仅看超时"
        checked={!!search.overdue}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked || undefined })}
        mb={8}
      />
      <ClearFiltersButton count={count} onClear={onClear} />
    </Group>
  );
}
