import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { HomeSummary } from '@/entities/workbench';
import { AnchorLink } from '@/shared/ui/router-links';
import { HOME_CARD_HEIGHT, HomeCard } from './home-card';

interface Props {
  product: HomeSummary['product'] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** product: the products I am qualified for with today's load, and the exams that would add one. */
function ProductCardView({ product, loading, error, onRetry }: Props) {
  return (
    <HomeCard title="我的产品" testId="home-product" height={HOME_CARD_HEIGHT} loading={loading} error={error} onRetry={onRetry}>
      {product ? (
        <Stack gap="sm">
          {product.products.length === 0 ? (
            <Text size="sm" c="dimmed">
              你还没有可接单的产品，通过下面的考试即可获得资格
            </Text>
          ) : (
            <Stack gap={4} role="list" aria-label="可接单产品">
              {product.products.map((p) => (
                <Group key={p.product_id} justify="space-between" role="listitem">
                  <Text size="sm">{p.name}</Text>
                  <Badge variant="light" color={p.assigned_today ? 'blue' : 'gray'}>
                    今日 {p.assigned_today} 单
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
          {product.exams.length ? (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                考试后可新增的产品
              </Text>
              <List size="sm" spacing={2} aria-label="可获得资格的考试">
                {product.exams.map((e) => (
                  <List.Item key={e.exam_id}>
                    <AnchorLink to="/online-exam" search={{ id: e.exam_id }}>
                      {e.title}
                    </AnchorLink>
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {e.product_name}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <AnchorLink size="sm" to="/study-exam/index" search={{ tab: 'exams' }}>
            查看全部考试
          </AnchorLink>
        </Stack>
      ) : null}
    </HomeCard>
  );
}

/** Memoised: each home answer is a new object (its `generated_at`), while this card's part is often the same one. */
export const ProductCard = memo(ProductCardView);
