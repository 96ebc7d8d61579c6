import { Button, Group, MultiSelect, Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { productQueries } from '@/entities/product';
import { TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, templateQueries, type TemplateDetail } from '@/entities/template';
import { notify } from '@/shared/ui';
import { useCurateTemplate } from '../model/use-template-changes';

/** A lead's curation of a template of the team: publish / unpublish, feature on top, category and products. */
export function CurationPanel({ template }: { template: TemplateDetail }) {
  const curate = useCurateTemplate();
  const facets = useQuery(templateQueries.facets());
  const available = useQuery(productQueries.available());
  const [category, setCategory] = useState<string | null>(template.category);
  const [products, setProducts] = useState<string[]>(template.products.map((p) => String(p.product_id)));
  const options = new Map<string, string>();
  for (const p of [...(available.data?.items ?? []), ...(facets.data?.products ?? []), ...template.products]) options.set(String(p.product_id), p.name);
  const published = template.status === 'published';
  const sameProducts = products.slice().sort().join() === template.products.map((p) => String(p.product_id)).sort().join();
  const changed = category !== template.category || !sameProducts;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          size="xs"
          variant={published ? 'default' : 'filled'}
          loading={curate.isPending && curate.variables?.body.status !== undefined}
          onClick={() =>
            curate.mutate(
              { id: template.template_id, body: { status: published ? 'private' : 'published' } },
              { onSuccess: () => notify(published ? '已取消发布' : '已发布到团队', 'success') },
            )
          }
        >
          {published ? '取消发布' : '发布到团队'}
        </Button>
        <Switch
          label="推荐置顶"
          checked={template.featured}
          disabled={curate.isPending}
          onChange={(e) => curate.mutate({ id: template.template_id, body: { featured: e.currentTarget.checked } })}
        />
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="分类"
          size="xs"
          w={140}
          data={TEMPLATE_CATEGORIES as unknown as string[]}
          value={category}
          onChange={setCategory}
          allowDeselect={false}
        />
        <MultiSelect
          label="适用产品"
          size="xs"
          miw={220}
          style={{ flex: 1 }}
          data={[...options].map(([value, label]) => ({ value, label }))}
          value={products}
          onChange={setProducts}
          maxValues={TEMPLATE_LIMITS.products}
          searchable
          clearable
          nothingFoundMessage="没有找到产品"
        />
        <Button
          size="xs"
          variant="light"
          disabled={!changed || !category}
          loading={curate.isPending && curate.variables?.body.category !== undefined}
          onClick={() =>
            curate.mutate(
              { id: template.template_id, body: { category: category!, product_ids: products.map(Number) } },
              { onSuccess: () => notify('已保存', 'success') },
            )
          }
        >
          保存分类
        </Button>
      </Group>
    </Stack>
  );
}
