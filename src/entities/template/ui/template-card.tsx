import { AspectRatio, Badge, Card, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TemplateItem } from '../model/template.schema';

/** Every card's picture box has this ratio, so nothing moves when thumbnails arrive. */
export const TEMPLATE_COVER_RATIO = 4 / 3;

interface Props {
  template: TemplateItem;
  onOpen: (template: TemplateItem) => void;
  /** Shown in the card's corner (the favourite star). */
  corner?: ReactNode;
  /** The card whose detail is open. */
  selected?: boolean;
  /** What opening does, for the button's name (default 查看模板). */
  actionLabel?: string;
}

/**
 * A preview card of the library grid: the cover (the server's 480 px thumbnail, loaded lazily in a
 * box of fixed ratio), title, category, products, use count and owner. The whole card opens the
 * detail, by click or by keyboard.
 */
export function TemplateCard({ template: t, onOpen, corner, selected, actionLabel = '查看模板' }: Props) {
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      component="article"
      aria-label={t.title}
      data-template-id={t.template_id}
      style={{ position: 'relative', outline: selected ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
    >
      <UnstyledButton onClick={() => onOpen(t)} aria-label={`${actionLabel} ${t.title}`} style={{ display: 'block', width: '100%' }}>
        <AspectRatio ratio={TEMPLATE_COVER_RATIO} bg="gray.1">
          {t.cover ? (
            <Image
              src={t.cover.thumbnail_url}
              alt={`${t.title} 预览图`}
              loading="lazy"
              decoding="async"
              width={t.cover.width ?? undefined}
              height={t.cover.height ?? undefined}
              fit="contain"
              style={{ width: '100%', height: '100%' }}
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              暂无预览
            </Text>
          )}
        </AspectRatio>
        <Stack gap={4} p="sm">
          <Text fw={600} size="sm" lineClamp={1} title={t.title}>
            {t.title}
          </Text>
          <Group gap={4} wrap="wrap">
            <Badge size="xs" variant="light">
              {t.category}
            </Badge>
            {t.featured ? (
              <Badge size="xs" color="yellow" variant="filled" c="dark.9">
                推荐
              </Badge>
            ) : null}
            {t.status === 'private' ? (
              <Badge size="xs" color="gray" variant="outline" c="gray">
                未发布
              </Badge>
            ) : null}
            {t.file_types.slice(0, 3).map((ft) => (
              <Badge key={ft} size="xs" color="gray" variant="light" c="gray">
                {ft.toUpperCase()}
              </Badge>
            ))}
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              {t.owner.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              使用 {t.use_count} 次
            </Text>
          </Group>
        </Stack>
      </UnstyledButton>
      {corner ? <div style={{ position: 'absolute', top: 6, right: 6 }}>{corner}</div> : null}
    </Card>
  );
}
