import { Alert, Badge, Button, Group, List, Modal, ScrollArea, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DesignerSelect, teamDesignerQueries } from '@/entities/team-designer';
import { ApiError } from '@/shared/api';
import { notify } from '@/shared/ui';
import {
  BULK_MODE_TEXT,
  BULK_REASON_MAX,
  type BulkMode,
  bulkSchemaOf,
  type BulkResult,
  summarize,
  summaryText,
  useBulkAssign,
} from '../model/bulk-assign';
import { AssignCandidatesPanel, assignCandidateQueries, type AssignRisk, RISK_TEXT } from '@/entities/ticket';

export interface BulkTicket {
  ticket_id: number;
  order_no: string;
  designer_id: string | null;
}

interface Props {
  mode: BulkMode;
  tickets: readonly BulkTicket[];
  onClose: () => void;
  /** After the call: the tickets that went through (the page clears them from its selection). */
  onDone: (results: readonly BulkResult[]) => void;
}

/**
 * The confirmation of a bulk assign or transfer: the tickets, the designer picked from the team,
 * a reason for transfers; then every ticket's outcome.
 */
export function BulkAssignModal({ mode, tickets: given, onClose, onDone }: Props) {
  // The tickets as confirmed: the page may drop done ones from its selection meanwhile.
  const [tickets] = useState(given);
  const mutation = useBulkAssign(mode);
  const designers = useQuery(teamDesignerQueries.options());
  const [designerId, setDesignerId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ designer_id?: string; reason?: string; ticket_ids?: string }>({});
  const [results, setResults] = useState<readonly BulkResult[] | null>(null);
  const [confirmed, setConfirmed] = useState<AssignRisk[]>([]);
  const ticketIds = tickets.map((t) => t.ticket_id);
  const candidates = useQuery(assignCandidateQueries.forTickets(ticketIds));
  const pickedRisks: AssignRisk[] = candidates.data?.designers.find((d) => d.designer_id === designerId)?.risks ?? [];
  const pick = (id: string | null) => {
    setDesignerId(id);
    setConfirmed([]);
  };
  const title = BULK_MODE_TEXT[mode];
  const verb = mode === 'assign' ? '指派' : '转派';
  const mismatched = tickets.filter((t) => (mode === 'assign' ? t.designer_id !== null : t.designer_id === null)).length;
  const serverError = mutation.error instanceof ApiError ? mutation.error : null;
  const designerName = designers.data?.find((d) => d.designer_id === designerId)?.designer_name;
  const orderNo = (id: number) => tickets.find((t) => t.ticket_id === id)?.order_no ?? `#${id}`;

  const submit = () => {
    const body = { ticket_ids: tickets.map((t) => t.ticket_id), designer_id: designerId ?? '', reason: mode === 'transfer' ? reason : undefined };
    const parsed = bulkSchemaOf(mode).safeParse(body);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    const missing = pickedRisks.filter((r) => !confirmed.includes(r));
    if (missing.length) {
      setErrors({ designer_id: `请先确认风险：${missing.map((r) => RISK_TEXT[r]).join('、')}` });
      return;
    }
    setErrors({});
    mutation.mutate({ ...parsed.data, confirm: confirmed.filter((r) => pickedRisks.includes(r)) }, {
      onSuccess: (data) => {
        setResults(data.results);
        const summary = summarize(data.results);
        notify(summaryText(mode, summary), summary.failed ? 'warning' : 'success');
        onDone(data.results);
      },
    });
  };

  return (
    <Modal opened onClose={mutation.isPending ? () => {} : onClose} title={title} centered size="lg">
      {results ? (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {summaryText(mode, summarize(results))}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <List spacing={6} size="sm" aria-label="处理结果" listStyleType="none">
              {results.map((r) => (
                <List.Item
                  key={r.ticket_id}
                  data-ticket-id={r.ticket_id}
                  data-ok={r.ok}
                  icon={
                    <ThemeIcon size={18} radius="xl" color={r.ok ? 'teal' : 'red'} aria-hidden>
                      {r.ok ? '✓' : '!'}
                    </ThemeIcon>
                  }
                >
                  <Text span ff="monospace" size="sm">
                    {orderNo(r.ticket_id)}
                  </Text>
                  <Text span size="sm" c={r.ok ? undefined : 'red'} ml="xs">
                    {r.ok ? '成功' : '失败'}：{r.message}
                  </Text>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              完成
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              将选中的 {tickets.length} 张工单{verb}给团队中的设计师，{mode === 'assign' ? '对方会收到指派通知。' : '原设计师和新设计师都会收到通知，工单时效继续计算。'}
            </Text>
            <Group gap={6} role="group" aria-label="选中的工单">
              {tickets.map((t) => (
                <Badge key={t.ticket_id} variant="light" c="var(--mantine-color-text)" color="gray" tt="none" ff="monospace">
                  {t.order_no}
                </Badge>
              ))}
            </Group>
            {errors.ticket_ids ? (
              <Text size="sm" c="red" role="alert">
                {errors.ticket_ids}
              </Text>
            ) : null}
            {mismatched ? (
              <Alert color="orange" variant="light" p="xs">
                {mode === 'assign'
                  ? `其中 ${mismatched} 张工单已有设计师，指派会被拒绝，请改用批量转派。`
                  : `其中 ${mismatched} 张工单尚未分配，转派会被拒绝，请改用批量指派。`}
              </Alert>
            ) : null}
            {/* Not autofocused: a searchable select opens its list on focus and would cover the buttons. */}
            <DesignerSelect
              required
              value={designerId}
              onChange={pick}
              error={errors.designer_id ?? serverError?.fieldMessage('designer_id')}
              comboboxProps={{ withinPortal: true }}
            />
            <AssignCandidatesPanel ticketIds={ticketIds} designerId={designerId} onPick={pick} confirmed={confirmed} onConfirmedChange={setConfirmed} />
            {serverError && serverError.status === 409 ? (
              <Text size="sm" c="red" role="alert">
                {serverError.message}
              </Text>
            ) : null}
            {mode === 'transfer' ? (
              <Textarea
                label="转派原因"
                placeholder="请说明转派原因，原设计师会看到"
                required
                autosize
                minRows={2}
                maxRows={5}
                maxLength={BULK_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={errors.reason ?? serverError?.fieldMessage('reason')}
              />
            ) : null}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
                取消
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {designerName ? `确认${verb}给 ${designerName}` : `确认${verb}`}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
