import { Chip, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  activeTemplateFilterCount,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  TEMPLATE_SCOPE_TEXT,
  TEMPLATE_SCOPES,
  TEMPLATE_SORT_TEXT,
  TEMPLATE_SORTS,
  templateQueries,
  type TemplateFilterPatch,
  type TemplateScope,
  type TemplateSearch,
  type TemplateSort,
} from '@/entities/template';
import { ClearFiltersButton, KeywordFilter } from '@/shared/ui';

interface Props {
  search: TemplateSearch;
  onChange: (patch: TemplateFilterPatch) => void;
  onToggleTag: (tag: string) => void;
  onClear: () => void;
}

const ALL = 'all';

/**
 * The library's filters: search as you type (titles and tags, partial words), scope (我的 / 团队 /
 * 我的收藏), category, product, source file type, unpublished only, sort, and the most used tags.
 * Each change goes into the URL.
 */
export function TemplateFilters({ search, onChange, onToggleTag, onClear }: Props) {
  const facets = useQuery(templateQueries.facets());
  const tags = search.tags ? search.tags.split(',') : [];
  const popular = facets.data?.tags ?? [];
  // A tag from the URL stays offered even when it is not among the most used.
  const tagChoices = [...tags.filter((t) => !popular.some((p) => p.tag === t)).map((tag) => ({ tag, count: undefined as number | undefined })), ...popular];
  const categories = facets.data?.categories.length ? facets.data.categories : [...TEMPLATE_CATEGORIES];

  return (
    <Stack gap="xs" role="search" aria-label="筛选模板">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <KeywordFilter
          label="搜索"
          placeholder="标题或标签，如：名片"
          value={search.q}
          onCommit={(q) => onChange({ q })}
          maxLength={TEMPLATE_LIMITS.search}
          w={220}
          debounceMs={300}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="template-scope-label">
            范围
          </Text>
          <SegmentedControl
            aria-labelledby="template-scope-label"
            value={search.scope ?? ALL}
            onChange={(v) => onChange({ scope: v === ALL ? undefined : (v as TemplateScope) })}
            data={[{ value: ALL, label: '全部' }, ...TEMPLATE_SCOPES.map((s) => ({ value: s, label: TEMPLATE_SCOPE_TEXT[s] }))]}
          />
        </Stack>
        <Select
          label="分类"
          w={120}
          data={[{ value: ALL, label: '全部分类' }, ...categories.map((c) => ({ value: c, label: c }))]}
          value={search.category ?? ALL}
          onChange={(v) => onChange({ category: !v || v === ALL ? undefined : (v as TemplateSearch['category']) })}
          allowDeselect={false}
        />
        <Select
          label="产品"
          w={150}
          searchable
          nothingFoundMessage="没有找到产品"
          data={[{ value: ALL, label: '全部产品' }, ...(facets.data?.products ?? []).map((p) => ({ value: String(p.product_id), label: p.name }))]}
          value={search.product_id ? String(search.product_id) : ALL}
          onChange={(v) => onChange({ product_id: !v || v === ALL ? undefined : Number(v) })}
          allowDeselect={false}
        />
        <Select
          label="文件类型"
          w={110}
          data={[{ value: ALL, label: '全部类型' }, ...(facets.data?.file_types ?? []).map((f) => ({ value: f, label: f.toUpperCase() }))]}
          value={search.file_type ?? ALL}
          onChange={(v) => onChange({ file_type: !v || v === ALL ? undefined : (v as TemplateSearch['file_type']) })}
          allowDeselect={false}
        />
        <Select
          label="排序"
          w={110}
          data={TEMPLATE_SORTS.map((s) => ({ value: s, label: TEMPLATE_SORT_TEXT[s] }))}
          value={search.sort ?? 'newest'}
          onChange={(v) => onChange({ sort: !v || v === 'newest' ? undefined : (v as TemplateSort) })}
          allowDeselect={false}
        />
        <Switch
          label="只看未发布"
          mb={8}
          checked={search.status === 'private'}
          onChange={(e) => onChange({ status: e.currentTarget.checked ? 'private' : undefined })}
        />
        <ClearFiltersButton count={activeTemplateFilterCount(search)} onClear={onClear} />
      </Group>
      {tagChoices.length ? (
        <Group gap={6} wrap="wrap" aria-label="常用标签" role="group">
          <Text size="xs" c="dimmed">
            标签：
          </Text>
          {tagChoices.map((t) => (
            <Chip key={t.tag} size="xs" checked={tags.includes(t.tag)} onChange={() => onToggleTag(t.tag)}>
              {t.tag}
              {t.count !== undefined ? ` ${t.count}` : ''}
            </Chip>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
