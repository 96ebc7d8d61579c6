import { Button, Center, Drawer, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import {
  clearTemplateFilters,
  parseTemplateSearch,
  TEMPLATE_COVER_RATIO,
  TEMPLATE_PAGE_SIZE,
  TemplateCard,
  templateListParamsOf,
  templateQueries,
  type TemplateSearch,
  toggleTagFilter,
  withTemplateFilters,
  withTemplateOpen,
  withTemplatePage,
} from '@/entities/template';
import { FavouriteButton } from '@/features/favourite-template';
import { uploadFile, UploadTaskList } from '@/features/upload-file';
import { TemplateFormModal } from '@/features/upload-template';
import { ApiError } from '@/shared/api';
import { useKeptSearch } from '@/shared/lib';
import { DetailStates } from '@/shared/ui';
import { TemplateDetailView } from './template-detail';
import { TemplateFilters } from './template-filters';

const PATH = '/template-library/index';
const GRID_COLS = { base: 2, sm: 3, md: 4, xl: 6 };

function GridSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" role="status" aria-label="加载中">
      {Array.from({ length: 8 }, (_, i) => (
        <Stack key={i} gap={6} aria-hidden>
          <Skeleton radius="md" style={{ aspectRatio: String(TEMPLATE_COVER_RATIO) }} />
          <Skeleton h={14} w="70%" />
          <Skeleton h={12} w="40%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * `/template-library/index` (模板库): the team's templates as a grid of preview cards with filters,
 * search as you type and paging, all in the URL; `?id=` opens a template's detail in a drawer over
 * the grid, so closing it returns to the same place. Any designer uploads a template here.
 */
export function TemplateLibraryPage(): ReactElement {
  const navigate = useNavigate();
  const { search, active } = useKeptSearch(PATH, parseTemplateSearch);
  const params = templateListParamsOf(search);
  const list = useQuery(templateQueries.list(params));
  const openId = active ? search.id : undefined;
  const detail = useQuery({ ...templateQueries.detail(openId ?? 0), enabled: openId !== undefined });
  const [uploading, setUploading] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  const go = (next: TemplateSearch, replace = false) => void navigate({ to: PATH, search: next, replace });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TEMPLATE_PAGE_SIZE));
  const items = list.data?.items;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          模板库
        </Title>
        <Button onClick={() => setUploading(true)}>上传模板</Button>
      </Group>
      <TemplateFilters
        search={search}
        onChange={(patch) => go(withTemplateFilters(search, patch))}
        onToggleTag={(tag) => go(toggleTagFilter(search, tag))}
        onClear={() => go(clearTemplateFilters(search))}
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="template-total">
        {list.isPending ? '加载中…' : list.isError ? '' : `共 ${total} 个模板`}
      </Text>
      {list.isPending ? (
        <GridSkeleton />
      ) : list.isError ? (
        <Center py="xl">
          <Stack align="center" gap="xs" role="alert">
            <Text c="red">{list.error.message || '加载失败'}</Text>
            {list.error instanceof ApiError && list.error.isPermanent ? null : (
              <Button variant="light" size="xs" onClick={() => void list.refetch()}>
                重试
              </Button>
            )}
          </Stack>
        </Center>
      ) : !items?.length ? (
        <Center py="xl">
          <Text c="dimmed">{search.scope === 'favourites' && !search.q ? '还没有收藏模板' : '没有符合条件的模板'}</Text>
        </Center>
      ) : (
        <SimpleGrid
          cols={GRID_COLS}
          spacing="md"
          role="list"
          aria-label="模板列表"
          aria-busy={list.isPlaceholderData}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {items.map((t) => (
            <div role="listitem" key={t.template_id}>
              <TemplateCard
                template={t}
                selected={t.template_id === openId}
                onOpen={() => go(withTemplateOpen(search, t.template_id))}
                corner={<FavouriteButton template={t} />}
              />
            </div>
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={params.page} onChange={(p) => go(withTemplatePage(search, p))} aria-label="模板分页" getControlProps={(c) => ({ 'aria-label': c === 'previous' ? '上一页' : c === 'next' ? '下一页' : c === 'first' ? '第一页' : '最后一页' })} />
        </Group>
      ) : null}

      <Drawer
        opened={openId !== undefined}
        onClose={() => go(withTemplateOpen(search, undefined), true)}
        position="right"
        size={narrow ? '100%' : 'xl'}
        title="模板详情"
        closeButtonProps={{ 'aria-label': '关闭' }}
      >
        {openId !== undefined ? (
          <DetailStates query={detail} skeleton={[420, 80, 160]}>
            {(t) => (
              <TemplateDetailView
                template={t}
                onOpen={(id) => go(withTemplateOpen(search, id))}
                onGone={() => go(withTemplateOpen(search, undefined), true)}
              />
            )}
          </DetailStates>
        ) : null}
      </Drawer>

      {uploading ? (
        <TemplateFormModal
          onClose={() => setUploading(false)}
          upload={(file, signal) => uploadFile(file, 'template', { signal })}
          progress={<UploadTaskList />}
          onSaved={(saved) => go(withTemplateOpen(withTemplateFilters(search, { scope: 'mine' }), saved.template_id))}
        />
      ) : null}
    </Stack>
  );
}
