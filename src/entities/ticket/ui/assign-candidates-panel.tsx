import { Alert, Badge, Checkbox, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AssignCandidate, assignCandidateQueries, type AssignRisk, RISK_TEXT, riskText } from '../model/assign-candidates';

interface Props {
  ticketIds: readonly number[];
  /** The designer picked (a row click picks one too). */
  designerId: string | null;
  onPick: (designerId: string) => void;
  /** The risks of the picked designer the lead has ticked. */
  confirmed: readonly AssignRisk[];
  onConfirmedChange: (risks: AssignRisk[]) => void;
}

function OnlineDot({ online }: { online: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: online ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-5)' }} />
      <Text span size="sm">
        {online ? '在线' : '离线'}
      </Text>
    </Group>
  );
}

/**
 * Safe assignment: every designer of the team with their online status, today's load against
 * capacity, qualification for the tickets' products and the risks; for the picked designer a
 * warning per risk, each needing a tick that names it before the assignment goes.
 */
export function AssignCandidatesPanel({ ticketIds, designerId, onPick, confirmed, onConfirmedChange }: Props) {
  const candidates = useQuery(assignCandidateQueries.forTickets(ticketIds));
  if (candidates.isPending) return <Loader role="status" size="sm" aria-label="正在读取设计师状态" />;
  if (candidates.isError) return <Text size="sm" c="red">设计师状态读取失败，提交时仍会检查风险</Text>;
  const { designers, ticket_count: count } = candidates.data;
  const picked: AssignCandidate | undefined = designers.find((d) => d.designer_id === designerId);
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={220}>
        <Table striped highlightOnHover aria-label="团队设计师状态" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>设计师</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>今日接单/上限</Table.Th>
              <Table.Th>产品资质</Table.Th>
              <Table.Th>风险</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {designers.map((d) => (
              <Table.Tr
                key={d.designer_id}
                data-designer-id={d.designer_id}
                onClick={() => onPick(d.designer_id)}
                style={{ cursor: 'pointer' }}
                bg={d.designer_id === designerId ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>{d.designer_name}</Table.Td>
                <Table.Td>
                  <OnlineDot online={d.online} />
                </Table.Td>
                <Table.Td c={d.load_today >= d.capacity_today ? 'red' : undefined}>
                  {d.load_today}/{d.capacity_today}
                </Table.Td>
                <Table.Td>{d.qualified ? '具备' : <Text span size="sm" c="red">不具备</Text>}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {d.risks.length ? (
                      d.risks.map((r) => (
                        <Badge key={r} color="orange" variant="light" size="sm" tt="none">
                          {RISK_TEXT[r]}
                        </Badge>
                      ))
                    ) : (
                      <Text span size="sm" c="dimmed">
                        无
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {picked && picked.risks.length ? (
        <Alert color="orange" variant="light" title={`${picked.designer_name}存在以下风险，确认后才能继续`} role="alert">
          <Stack gap={6}>
            {picked.risks.map((r) => (
              <Checkbox
                key={r}
                label={`我已知晓并确认：${riskText(r, picked, count)}`}
                checked={confirmed.includes(r)}
                onChange={(e) => onConfirmedChange(e.currentTarget.checked ? [...confirmed, r] : confirmed.filter((x) => x !== r))}
              />
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
