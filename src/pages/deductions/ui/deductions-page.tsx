import { Button, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { APPEAL_STATUS_TEXT, APPEAL_TYPE_TEXT, AppealStatusTag } from '@/entities/appeal';
import {
  type Deduction,
  deductionListParamsOf,
  deductionQueries,
  type DeductionSearch,
  DeductionSourceTag,
  withDeductionFilters,
  withDeductionPage,
} from '@/entities/deduction';
import { usePermission } from '@/entities/user';
import { FileAppealModal } from '@/features/file-appeal';
import { uploadFile, UploadTaskList } from '@/features/upload-file';
import { formatCents, formatTime, parseInstant, useKeptSearch, useNow } from '@/shared/lib';
import { CopyText, ListPager, TableBodyStates } from '@/shared/ui';
import { ViewsBar } from '@/widgets/views-bar';
import { DEDUCTIONS_PATH, parseSearch } from '../model/search';
import { deductionSearchOfView, deductionViewState, hasDeductionFilters } from '../model/view-state';
import { DeductionFilters } from './deduction-filters';

/** What the appeal column says: the appeal's status, the deadline while it can be appealed, or that the window has closed. */
function AppealCell({ d }: { d: Deduction }) {
  const now = useNow();
  if (d.appeal)
    return (
      <Link to="/order-management/appeal" search={{ appeal: d.appeal.appeal_id }} aria-label={`${APPEAL_STATUS_TEXT[d.appeal.status]}（查看${APPEAL_TYPE_TEXT[d.appeal_type]}）`}>
        <AppealStatusTag status={d.appeal.status} />
      </Link>
    );
  if (d.can_appeal)
    return (
      <Text size="xs" c="dimmed">
        {d.appeal_deadline ? `${formatTime(d.appeal_deadline, 'monthDayTime')} 前可申诉` : '可申诉'}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed">
      {d.appeal_deadline && (parseInstant(d.appeal_deadline) ?? Infinity) < now ? '已过申诉期' : '—'}
    </Text>
  );
}

/** `/order-management/deduction`: deductions of my tickets (a lead: the team's) with the appeal where the window is open. */
export function DeductionsPage() {
  const navigate = useNavigate();
  const { hasRole } = usePermission();
  const isLead = hasRole('role_admin');
  const { search, active } = useKeptSearch(DEDUCTIONS_PATH, parseSearch);
  const params = deductionListParamsOf(search);
  const list = useQuery(deductionQueries.list(params));
  const [appealing, setAppealing] = useState<Deduction | null>(null);
  const go = (next: DeductionSearch, replace = false) => void navigate({ to: DEDUCTIONS_PATH, search: next, replace });
  const items = list.data?.items;
  const columns = 8 + (isLead ? 1 : 0);

  return (
    <Stack gap="md">
      <ViewsBar
        list="deductions"
        state={deductionViewState(search)}
        hasFilters={hasDeductionFilters(search)}
        active={active}
        canShare={isLead}
        onApply={(view, replace) => go(deductionSearchOfView(view, search), replace)}
      />
      <DeductionFilters search={search} onChange={(patch) => go(withDeductionFilters(search, patch))} />
      <Table.ScrollContainer minWidth={1000}>
        <Table
          verticalSpacing="sm"
          aria-label="扣款列表"
          aria-busy={list.isFetching ? true : undefined}
          style={{ opacity: list.isPlaceholderData ? 0.7 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={190}>订单号</Table.Th>
              <Table.Th miw={150}>工单标题</Table.Th>
              {isLead ? <Table.Th w={100}>设计师</Table.Th> : null}
              <Table.Th w={100}>来源</Table.Th>
              <Table.Th w={110}>扣款金额</Table.Th>
              <Table.Th miw={160}>扣款原因</Table.Th>
              <Table.Th w={150}>扣款时间</Table.Th>
              <Table.Th w={130}>申诉</Table.Th>
              <Table.Th w={80}>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <TableBodyStates
            columns={columns}
            loading={list.isPending}
            error={items ? null : list.error}
            onRetry={() => void list.refetch()}
            empty={!items?.length}
            emptyText={search.source || search.from || search.to || search.keyword ? '暂无符合条件的扣款' : '暂无扣款记录'}
          >
            {items?.map((d) => (
              <Table.Tr key={d.deduction_id} data-deduction-id={d.deduction_id}>
                <Table.Td>
                  <CopyText value={d.order_no} ff="monospace" />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} title={d.ticket_title}>
                    {d.ticket_title}
                  </Text>
                </Table.Td>
                {isLead ? (
                  <Table.Td>
                    <Text size="sm">{d.designer_name}</Text>
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <DeductionSourceTag source={d.source} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="red" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(-d.amount_cents)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} title={d.reason}>
                    {d.reason}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatTime(d.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AppealCell d={d} />
                </Table.Td>
                <Table.Td>
                  {d.can_appeal ? (
                    <Button size="compact-xs" variant="light" onClick={() => setAppealing(d)} aria-label={`申诉扣款 ${d.order_no}`}>
                      申诉
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </TableBodyStates>
        </Table>
      </Table.ScrollContainer>
      <ListPager total={list.data?.total} page={params.page} pageSize={params.pageSize} onChange={(p, size) => go(withDeductionPage(search, p, size))} />
      {appealing ? (
        <FileAppealModal
          key={appealing.deduction_id}
          ticket={{ ticket_id: appealing.ticket_id, order_no: appealing.order_no }}
          deduction={appealing}
          onClose={() => setAppealing(null)}
          upload={(file, signal) => uploadFile(file, 'attachment', { signal })}
          progress={<UploadTaskList />}
        />
      ) : null}
    </Stack>
  );
}
