import { ActionIcon, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type KeyboardEvent, memo, useEffect, useState } from 'react';
import type { HomeSummary } from '@/entities/workbench';
import { formatTime } from '@/shared/lib';
import { AnchorLink } from '@/shared/ui/router-links';
import { HOME_CARD_HEIGHT, HomeCard } from './home-card';

interface Props {
  advert: HomeSummary['advert'] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** How long a slide stays before the next, when motion is welcome and nobody is reading. */
export const SLIDE_MS = 6000;

/**
 * advert / image: a carousel of the current announcements (their image when they carry one). It
 * turns by itself only when the system does not ask for reduced motion, and stops while the pointer
 * or the focus is inside it, or after the pause button; arrow keys and buttons move it.
 */
function AdvertCardView({ advert, loading, error, onRetry }: Props) {
  const items = advert?.items ?? [];
  const reduceMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = items.length;
  const current = count ? Math.min(index, count - 1) : 0;
  const autoplay = !reduceMotion && count > 1 && !stopped;

  useEffect(() => {
    if (!autoplay || hovered || focused) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [autoplay, hovered, focused, count, current]);

  const go = (to: number) => setIndex(((to % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') go(current + 1);
    else if (e.key === 'ArrowLeft') go(current - 1);
    else return;
    e.preventDefault();
  };

  const slide = items[current];
  return (
    <HomeCard
      title="公告"
      testId="home-advert"
      height={HOME_CARD_HEIGHT}
      skeletonRows={3}
      loading={loading}
      error={error}
      onRetry={onRetry}
      extra={
        <AnchorLink to="/message-center/index" size="sm">
          全部公告
        </AnchorLink>
      }
    >
      {!slide ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          暂无公告
        </Text>
      ) : (
        <Box
          role="region"
          aria-roledescription="轮播"
          aria-label="公告轮播"
          onKeyDown={onKeyDown}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
        >
          <Paper
            key={slide.announcement_id}
            role="group"
            aria-roledescription="幻灯片"
            aria-label={`第${current + 1}条，共${count}条`}
            radius="md"
            p="md"
            withBorder
            mih={110}
            style={reduceMotion ? undefined : { animation: 'home-slide-in 240ms ease-out' }}
          >
            <Group wrap="nowrap" align="flex-start">
              {slide.image_url ? <Image src={slide.image_url} alt={slide.title} w={120} h={80} radius="sm" fit="cover" /> : null}
              <Stack gap={4} miw={0}>
                <AnchorLink
                  to="/message-center/announcement"
                  search={{ id: slide.announcement_id }}
                  fw={700}
                  lineClamp={2}
                >
                  {slide.title}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {formatTime(slide.published_at, 'dateTime')}
                  {slide.is_read ? '' : ' · 未读'}
                </Text>
              </Stack>
            </Group>
          </Paper>
          {count > 1 ? (
            <Group justify="space-between" mt="xs">
              <Group gap={4} aria-label="选择公告" role="group">
                {items.map((a, i) => (
                  <ActionIcon
                    key={a.announcement_id}
                    // 24 px: the smallest target WCAG 2.2 (2.5.8) takes without extra spacing.
                    size={24}
                    radius="xl"
                    variant={i === current ? 'filled' : 'light'}
                    aria-label={`第${i + 1}条公告`}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => go(i)}
                  >
                    <span aria-hidden>{i + 1}</span>
                  </ActionIcon>
                ))}
              </Group>
              <Group gap={4}>
                {reduceMotion ? null : (
                  <ActionIcon variant="subtle" aria-label={stopped ? '继续轮播' : '暂停轮播'} onClick={() => setStopped((s) => !s)}>
                    {stopped ? '▶' : '❚❚'}
                  </ActionIcon>
                )}
                <ActionIcon variant="subtle" aria-label="上一条公告" onClick={() => go(current - 1)}>
                  ‹
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label="下一条公告" onClick={() => go(current + 1)}>
                  ›
                </ActionIcon>
              </Group>
            </Group>
          ) : null}
        </Box>
      )}
    </HomeCard>
  );
}

/** Memoised: each home answer is a new object (its `generated_at`), while this card's part is often the same one. */
export const AdvertCard = memo(AdvertCardView);
