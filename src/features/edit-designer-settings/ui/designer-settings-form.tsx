import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { productQueries } from '@/entities/product';
import { DAILY_CAPACITY_MAX, type TeamDesigner } from '@/entities/team-designer';
import { ApiError } from '@/shared/api';
import { parseSettingsForm, type SettingsErrors, useSaveDesignerSettings } from '../model/designer-settings-form';

/** A lead edits a member's daily capacity and qualified products (server 422s shown per field). */
export function DesignerSettingsForm({ designer }: { designer: TeamDesigner }) {
  const products = useQuery(productQueries.available());
  const mutation = useSaveDesignerSettings(designer.designer_id);
  const initial = { dailyCapacity: String(designer.daily_capacity), productIds: designer.products.map((p) => String(p.product_id)) };
  const [dailyCapacity, setDailyCapacity] = useState(initial.dailyCapacity);
  const [productIds, setProductIds] = useState<string[]>(initial.productIds);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const server = mutation.error instanceof ApiError ? mutation.error : null;
  const dirty = dailyCapacity !== initial.dailyCapacity || [...productIds].sort().join() !== [...initial.productIds].sort().join();
  // The product list holds every product for a lead; the member's own stay selectable while it loads.
  const options = new Map<string, string>(designer.products.map((p) => [String(p.product_id), p.name]));
  for (const p of products.data?.items ?? []) options.set(String(p.product_id), p.name);

  return (
    <form
      noValidate
      aria-label="接单设置"
      onSubmit={(e) => {
        e.preventDefault();
        const result = parseSettingsForm({ dailyCapacity, productIds });
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        setErrors({});
        mutation.mutate(result.body);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="每日接单上限"
          description={`0–${DAILY_CAPACITY_MAX} 单；本周计划中有当天的接单量时以计划为准`}
          inputMode="numeric"
          w={220}
          maxLength={3}
          required
          value={dailyCapacity}
          onChange={(e) => setDailyCapacity(e.currentTarget.value)}
          error={errors.daily_capacity ?? server?.fieldMessage('daily_capacity')}
        />
        <MultiSelect
          label="可接产品"
          placeholder={productIds.length ? undefined : '未选择产品时不会收到系统派单'}
          searchable
          clearable
          data={[...options].map(([value, label]) => ({ value, label }))}
          value={productIds}
          onChange={setProductIds}
          error={errors.product_ids ?? server?.fieldMessage('product_ids')}
          nothingFoundMessage="没有匹配的产品"
        />
        <Group gap="xs">
          <Button type="submit" loading={mutation.isPending} disabled={!dirty}>
            保存设置
          </Button>
          <Button
            variant="default"
            disabled={!dirty || mutation.isPending}
            onClick={() => {
              setDailyCapacity(initial.dailyCapacity);
              setProductIds(initial.productIds);
              setErrors({});
            }}
          >
            还原
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
