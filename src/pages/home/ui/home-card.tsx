import { Alert, Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ScrollBox } from '@/shared/ui';

/** One height for every card of the two-column home: the cards of a row line up, and none moves. */
export const HOME_CARD_HEIGHT = 340;

interface Props {
  title: string;
  /** Next to the title (a count, a link, an edit button). */
  extra?: ReactNode;
  /**
   * The card's height, loading or loaded, so nothing on the page moves when the data arrives
   * (what is longer scrolls inside the card).
   */
  height: number;
  loading: boolean;
  /** The one home request failed: the card says so and offers a retry. */
  error?: boolean;
  onRetry?: () => void;
  /** Skeleton rows shown while loading. */
  skeletonRows?: number;
  testId?: string;
  children?: ReactNode;
}

/** A card of the home: a titled region, a skeleton of the same size while the home loads. */
export function HomeCard({ title, extra, height, loading, error, onRetry, skeletonRows = 3, testId, children }: Props) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId} h={height} data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        {loading || error ? null : extra}
      </Group>
      {loading ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={`${title}加载中`}>
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} h={28} radius="sm" />
          ))}
        </Stack>
      ) : error ? (
        <Alert color="red" variant="light" title="加载失败">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            重试
          </Button>
        </Alert>
      ) : (
        <ScrollBox style={{ flex: 1, minHeight: 0 }}>{children}</ScrollBox>
      )}
    </Card>
  );
}
