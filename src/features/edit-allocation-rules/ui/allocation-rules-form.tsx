import { Button, Card, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { ALLOCATION_STRATEGIES, type AllocationRules, type AllocationRulesInput, type AllocationStrategy, STRATEGY_TEXT, teamDesignerQueries } from '@/entities/team-designer';
import { ApiError } from '@/shared/api';
import { formatTime } from '@/shared/lib';
import { DetailStates } from '@/shared/ui';
import { rulesChanged, useSaveAllocationRules } from '../model/allocation-rules-form';

/** A lead reads and changes how the system gives new tickets to the team's designers. */
export function AllocationRulesSettings(): ReactElement {
  const rules = useQuery(teamDesignerQueries.allocationRules());
  return <DetailStates query={rules} skeleton={[120, 80, 80]}>{(saved) => <RulesForm key={saved.updated_at ?? 'default'} saved={saved} />}</DetailStates>;
}

function RulesForm({ saved }: { saved: AllocationRules }): ReactElement {
  const [form, setForm] = useState<AllocationRulesInput>({ strategy: saved.strategy, skill_by_product: saved.skill_by_product, capacity_from_plan: saved.capacity_from_plan });
  const mutation = useSaveAllocationRules();
  const server = mutation.error instanceof ApiError ? mutation.error : null;
  const changed = rulesChanged(saved, form);

  return (
    <form
      noValidate
      aria-label="分配规则"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(form);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          系统派单时按以下规则为本团队的新工单挑选设计师（只派给开启接单、已完成入驻的设计师）。修改后从下一张新工单起生效，已派出的工单不变。
        </Text>
        <Card withBorder radius="md">
          <Radio.Group
            label="派单策略"
            value={form.strategy}
            onChange={(value) => setForm({ ...form, strategy: value as AllocationStrategy })}
            error={server?.fieldMessage('strategy')}
          >
            <Stack gap="sm" mt="xs">
              {ALLOCATION_STRATEGIES.map((s) => (
                <Radio key={s} value={s} label={STRATEGY_TEXT[s].label} description={STRATEGY_TEXT[s].effect} />
              ))}
            </Stack>
          </Radio.Group>
        </Card>
        <Card withBorder radius="md">
          <Stack gap="md">
            <Switch
              label="按产品资质派单"
              description={
                form.skill_by_product
                  ? '开启：只派给具备该工单产品资质的设计师；没有合适的人时工单留在团队待派，由组长手动指派。'
                  : '关闭：不看产品资质，团队里任何开启接单的设计师都可能接到。'
              }
              checked={form.skill_by_product}
              onChange={(e) => setForm({ ...form, skill_by_product: e.currentTarget.checked })}
              error={server?.fieldMessage('skill_by_product')}
            />
            <Switch
              label="按排班计划取接单上限"
              description={
                form.capacity_from_plan
                  ? '开启：本周订单计划里当天有接单量时，以计划为当天上限；没有时用设计师的每日接单上限。'
                  : '关闭：只看设计师的每日接单上限，不看订单计划。'
              }
              checked={form.capacity_from_plan}
              onChange={(e) => setForm({ ...form, capacity_from_plan: e.currentTarget.checked })}
              error={server?.fieldMessage('capacity_from_plan')}
            />
          </Stack>
        </Card>
        {server && !server.fieldMessage('strategy') && !server.fieldMessage('skill_by_product') && !server.fieldMessage('capacity_from_plan') ? (
          <Text c="red" size="sm" role="alert">
            {server.message}
          </Text>
        ) : null}
        <Group gap="xs" justify="space-between">
          <Text size="xs" c="dimmed">
            {saved.updated_at ? `上次修改：${saved.updated_by_name ?? '组长'}，${formatTime(saved.updated_at)}` : '尚未修改过，使用默认规则'}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!changed || mutation.isPending}
              onClick={() => setForm({ strategy: saved.strategy, skill_by_product: saved.skill_by_product, capacity_from_plan: saved.capacity_from_plan })}
            >
              还原
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!changed}>
              保存规则
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
