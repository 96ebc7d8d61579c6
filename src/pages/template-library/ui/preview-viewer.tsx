import { ActionIcon, Box, Button, Group, Image, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TemplatePreview } from '@/entities/template';

interface Props {
  title: string;
  previews: readonly TemplatePreview[];
}

/** Whether a key press belongs to a field being typed in (arrows move the caret there, not the picture). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * The large previews of a template: one at a time in a fixed box, 放大 to see details at twice the
 * size (scrolling to pan), previous / next by buttons, by the thumbnails and by the keyboard's
 * left and right arrows.
 */
export function PreviewViewer({ title, previews }: Props) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const count = previews.length;
  const at = Math.min(index, Math.max(0, count - 1));
  const current = previews[at];
  const go = (step: number) => {
    if (count < 2) return;
    setIndex((i) => (i + step + count) % count);
    setZoomed(false);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!current)
    return (
      <Text c="dimmed" size="sm">
        暂无预览图
      </Text>
    );

  return (
    <Box role="region" aria-label="预览图" aria-roledescription="图片轮播">
      <Box pos="relative" bg="gray.1" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <ScrollArea h={420} type="auto" aria-label={zoomed ? '放大的预览图，可滚动查看' : undefined}>
          <Box
            h={zoomed ? undefined : 420}
            w={zoomed ? '200%' : '100%'}
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: zoomed ? 'zoom-out' : 'zoom-in' }}
            onClick={() => setZoomed((z) => !z)}
          >
            <Image
              src={current.url}
              alt={`${title} 预览图 ${at + 1}`}
              fit="contain"
              h={zoomed ? undefined : 420}
              w="100%"
              width={current.width ?? undefined}
              height={current.height ?? undefined}
              data-testid="template-preview-large"
            />
          </Box>
        </ScrollArea>
        {count > 1 ? (
          <>
            <ActionIcon variant="white" radius="xl" size="lg" pos="absolute" top="50%" left={8} style={{ transform: 'translateY(-50%)' }} aria-label="上一张" onClick={() => go(-1)}>
              ‹
            </ActionIcon>
            <ActionIcon variant="white" radius="xl" size="lg" pos="absolute" top="50%" right={8} style={{ transform: 'translateY(-50%)' }} aria-label="下一张" onClick={() => go(1)}>
              ›
            </ActionIcon>
          </>
        ) : null}
      </Box>
      <Group justify="space-between" mt={6}>
        <Text size="xs" c="dimmed" aria-live="polite">
          第 {at + 1} / {count} 张{count > 1 ? '（← → 键切换）' : ''}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setZoomed((z) => !z)} aria-pressed={zoomed}>
          {zoomed ? '还原' : '放大'}
        </Button>
      </Group>
      {count > 1 ? (
        <Group gap={6} mt={6} wrap="nowrap" style={{ overflowX: 'auto' }}>
          {previews.map((p, i) => (
            <UnstyledButton
              key={p.file_id}
              onClick={() => {
                setIndex(i);
                setZoomed(false);
              }}
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === at}
              style={{ border: i === at ? '2px solid var(--mantine-primary-color-filled)' : '2px solid transparent', borderRadius: 6, flex: 'none' }}
            >
              <Image src={p.thumbnail_url} alt="" w={72} h={54} fit="cover" radius="sm" loading="lazy" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Box>
  );
}
