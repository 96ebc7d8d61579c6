import { Group, MultiSelect, SegmentedControl, Select, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDictOptions } from '@/entities/dict';
import { productQueries } from '@/entities/product';
import { teamDesignerQueries } from '@/entities/team-designer';
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
import { joinCsv, splitCsv } from '@/shared/lib';
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


const MARKER_OPTIONS = MARKER_CODES.map((code) => ({ value: code, label: `${MARKERS[code].label} ${MARKERS[code].name}` }));
const STAGE_OPTIONS = TICKET_STAGES.map((s) => ({ value: s, label: STAGE_TEXT[s] }));

/** The ticket filters (My tickets, team orders); every change goes to the URL (and back to page 1). */
export function TicketFilters({ search, isLead, onChange, onSort, onClear }: Props) {
  const statusOptions = useDictOptions(TICKET_STATUS_DICT);
  const shops = useQuery(ticketQueries.shops());
  const products = useQuery(productQueries.available());
  const designers = useQuery({ ...teamDesignerQueries.options(), enabled: isLead });
  const count = activeFilterCount(search);
  // Chosen designers stay listed even when the team's list does not hold them (left the team).
  const designerOptions = (designers.data ?? []).map((d) => ({ value: d.designer_id, label: `${d.designer_name}（${d.designer_id}）` }));
  for (const code of splitCsv(search.designer_id)) if (!designerOptions.some((o) => o.value === code)) designerOptions.push({ value: code, label: code });

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
        value={splitCsv(search.status)}
        onChange={(v) => onChange({ status: joinCsv(v) })}
      />
      <MultiSelect
        label="标记"
        placeholder={search.markers ? undefined : '全部'}
        w={200}
        clearable
        searchable
        data={MARKER_OPTIONS}
        value={splitCsv(search.markers)}
        onChange={(v) => onChange({ markers: joinCsv(v) })}
      />
      <MultiSelect
        label="店铺"
        placeholder={search.shop_id ? undefined : '全部'}
        w={200}
        clearable
        searchable
        data={(shops.data ?? []).map((s) => ({ value: String(s.shop_id), label: s.name }))}
        value={splitCsv(search.shop_id)}
        onChange={(v) => onChange({ shop_id: joinCsv(v) })}
      />
      <MultiSelect
        label="产品"
        placeholder={search.product_id ? undefined : '全部'}
        w={200}
        clearable
        searchable
        data={(products.data?.items ?? []).map((p) => ({ value: String(p.product_id), label: p.name }))}
        value={splitCsv(search.product_id)}
        onChange={(v) => onChange({ product_id: joinCsv(v) })}
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
        <MultiSelect
          label="设计师"
          placeholder={search.designer_id ? undefined : '全部'}
          w={220}
          clearable
          searchable
          nothingFoundMessage={designers.isError ? '设计师列表加载失败' : '没有匹配的设计师'}
          data={designerOptions}
          value={splitCsv(search.designer_id)}
          onChange={(v) => onChange({ designer_id: joinCsv(v) })}
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
