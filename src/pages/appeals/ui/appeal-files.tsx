import { Anchor, Button, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import type { AppealAttachment } from '@/entities/appeal';
import { downloadFile, isImageFile } from '@/features/download-file';
import { formatBytes } from '@/shared/lib';

const BLANK = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='120' height='80'/%3E";

/**
 * An appeal's attachments (or a ticket's drafts): images as previews (opening full size in a new
 * tab), other files as downloads, each read at its `read_url` (signed by the server for 15 minutes).
 */
export function AppealFiles({ attachments }: { attachments: readonly Pick<AppealAttachment, 'name' | 'url' | 'read_url' | 'size'>[] }) {
  if (!attachments.length)
    return (
      <Text size="sm" c="dimmed">
        无附件
      </Text>
    );
  const images = attachments.filter((a) => isImageFile(a.name, a.url));
  const others = attachments.filter((a) => !isImageFile(a.name, a.url));
  return (
    <Stack gap={6}>
      {images.length ? (
        <Group gap="xs" role="list" aria-label="图片附件">
          {images.map((a) => {
            const url = a.read_url;
            return (
              <Card key={a.url} withBorder padding={4} radius="sm" w={120} role="listitem">
                {url ? (
                  <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label={`预览 ${a.name}（新标签页打开）`}>
                    <Image src={url} alt={a.name} h={80} fit="cover" radius="sm" fallbackSrc={BLANK} />
                  </Anchor>
                ) : (
                  <Skeleton h={80} radius="sm" />
                )}
                <Text size="xs" truncate="end" title={a.name} mt={4}>
                  {a.name}
                </Text>
              </Card>
            );
          })}
        </Group>
      ) : null}
      {others.map((a) => {
        const url = a.read_url;
        return (
          <Group key={a.url} gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" truncate="end" title={a.name} style={{ minWidth: 0 }}>
              {a.name}
              {a.size ? (
                <Text span size="xs" c="dimmed" ml={6}>
                  {formatBytes(a.size)}
                </Text>
              ) : null}
            </Text>
            <Button size="compact-xs" variant="light" disabled={!url} aria-label={`下载 ${a.name}`} onClick={() => url && void downloadFile(url, a.name)}>
              下载
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}
