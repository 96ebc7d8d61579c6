import { Badge, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  appealExportUrl,
  appealListParamsOf,
  appealQueries,
  type AppealSearch,
  withAppeal,
  withAppealFilters,
  withAppealPage,
} from '@/entities/appeal';
import { ticketQueries } from '@/entities/ticket';
import { downloadFile } from '@/features/download-file';
import { useKeptSearch } from '@/shared/lib';
import { ListPager } from '@/shared/ui';
import { ViewsBar } from '@/widgets/views-bar';
import { APPEALS_PATH, parseSearch } from '../model/search';
import { appealSearchOfView, appealViewList, appealViewState, hasAppealFilters } from '../model/view-state';
import { useIsLead } from '../model/use-viewer';
import { AppealDrawer } from './appeal-drawer';
import { AppealFilters } from './appeal-filters';
import { AppealTable } from './appeal-table';

/**
 * `/order-management/appeal`: my appeals (type and status filters in the URL, timeline drawer);
 * for team leads also 待审核, the team's pending appeals oldest first with approve / reject.
 */
export function AppealsPage() {
  const navigate = useNavigate();
  const isLead = useIsLead();
  const { search, active } = useKeptSearch(APPEALS_PATH, parseSearch);
  const params = appealListParamsOf(search, isLead);
  const review = params.scope === 'review';
  const list = useQuery(appealQueries.list(params));
  const counts = useQuery(ticketQueries.panelCounts());

  const go = (next: AppealSearch, replace = false) => void navigate({ to: APPEALS_PATH, search: next, replace });

  const exportList = (format: 'csv' | 'xlsx') => {
    const { page: _p, pageSize: _s, ...filters } = params;
    void downloadFile(appealExportUrl(filters, format), `${review ? '待审核申诉' : '我的申诉'}.${format}`);
  };

  const table = (
    <Stack gap="md">
      <ViewsBar
        key={review ? 'review' : 'mine'}
        list={appealViewList(review)}
        state={appealViewState(search, isLead)}
        hasFilters={hasAppealFilters(search)}
        active={active}
        canShare={isLead}
        onApply={(view, replace) => go(appealSearchOfView(view, search, review), replace)}
      />
      <AppealFilters search={search} showStatus={!review} onChange={(patch) => go(withAppealFilters(search, patch))} onExport={exportList} />
      <AppealTable
        label={review ? '待审核申诉' : '我的申诉'}
        items={list.data?.items}
        loading={list.isPending}
        refreshing={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={review ? '暂无待审核的申诉' : search.type || search.status || search.keyword ? '暂无符合条件的申诉' : '还没有提交过申诉，可在工单详情或扣款工单中发起'}
        review={review}
        selectedId={search.appeal}
        onOpen={(a) => go(withAppeal(search, a.appeal_id))}
      />
      <ListPager total={list.data?.total} page={params.page} pageSize={params.pageSize} onChange={(p, size) => go(withAppealPage(search, p, size))} />
    </Stack>
  );

  return (
    <Stack gap="md">
      {isLead ? (
        <Tabs value={review ? 'review' : 'mine'} onChange={(v) => go(withAppealFilters(search, { tab: v === 'review' ? 'review' : undefined }))} keepMounted={false}>
          <Tabs.List aria-label="申诉范围">
            <Tabs.Tab value="mine">我的申诉</Tabs.Tab>
            <Tabs.Tab
              value="review"
              rightSection={
                counts.data?.appealing ? (
                  <Badge size="sm" circle color="orange.9" aria-label={`${counts.data.appealing} 条待审核`}>
                    {counts.data.appealing}
                  </Badge>
                ) : null
              }
            >
              待审核
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine" pt="md">
            {review ? null : table}
          </Tabs.Panel>
          <Tabs.Panel value="review" pt="md">
            {review ? (
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  团队成员提交的待审核申诉，按提交时间从早到晚排列。
                </Text>
                {table}
              </Stack>
            ) : null}
          </Tabs.Panel>
        </Tabs>
      ) : (
        table
      )}
      <AppealDrawer appealId={active ? search.appeal : undefined} canReview={isLead} onClose={() => go(withAppeal(search, undefined), true)} />
    </Stack>
  );
}
