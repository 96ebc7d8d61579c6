import { Anchor, Badge, Button, Center, Container, Group, Image, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { templateQueries } from '@/entities/template';
import { downloadFile } from '@/features/download-file';
import { ApiError } from '@/shared/api';
import { formatBytes, formatTime } from '@/shared/lib';
import { PRODUCT_NAME } from '@/shared/ui';

/** The page of a link that does not open: expired or revoked (410), unknown (404) or malformed. */
function LinkProblem({ title, detail }: { title: string; detail: string }) {
  return (
    <Center mih="70vh" px="md">
      <Paper withBorder radius="md" p="xl" maw={420} w="100%" role="alert">
        <Stack align="center" gap="sm">
          <Title order={1} size="h3" ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            {detail}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

function problemOf(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError && error.status === 410) {
    return { title: error.message || '分享链接已失效', detail: '这个分享链接已经不能使用了，请联系分享给你的人重新生成链接。' };
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
    return { title: '分享链接不存在', detail: '请检查链接是否完整，或联系分享给你的人重新生成链接。' };
  }
  return { title: '加载失败', detail: error instanceof Error && error.message ? error.message : '请检查网络后刷新页面重试。' };
}

/**
 * `/template-share?token=` (public, no login): the shared template's title, description, tags and
 * previews, and its source files only when the link allows download. Phone-first: one column.
 */
export function TemplateSharePage(): ReactElement {
  const { token } = useSearch({ from: '/template-share' });
  const shared = useQuery({ ...templateQueries.shared(token ?? ''), enabled: !!token });

  if (!token) return <LinkProblem title="分享链接不存在" detail="链接中缺少分享码，请检查链接是否完整。" />;
  if (shared.isPending)
    return (
      <Container size="md" py="lg" aria-label="加载中">
        <Stack>
          <Skeleton h={32} w="60%" />
          <Skeleton h={16} w="40%" />
          <Skeleton h={300} />
        </Stack>
      </Container>
    );
  if (shared.isError) {
    const p = problemOf(shared.error);
    return (
      <Stack>
        <LinkProblem title={p.title} detail={p.detail} />
        {!(shared.error instanceof ApiError && shared.error.isPermanent) ? (
          <Center>
            <Button variant="light" onClick={() => void shared.refetch()}>
              重试
            </Button>
          </Center>
        ) : null}
      </Stack>
    );
  }
  const t = shared.data;
  return (
    <Container size="md" py="lg" px="md">
      <Stack gap="md">
        <Text size="xs" c="dimmed">
          {PRODUCT_NAME} · 模板分享
        </Text>
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {t.title}
        </Title>
        <Group gap={6}>
          <Badge variant="light">{t.category}</Badge>
          {t.tags.map((tag) => (
            <Badge key={tag} color="gray" variant="light" c="gray">
              #{tag}
            </Badge>
          ))}
        </Group>
        {t.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {t.description}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t.expires_at ? `链接有效期至 ${formatTime(t.expires_at)}` : '链接长期有效'}
        </Text>
        <Stack gap="sm" component="section" aria-label="预览图">
          {t.previews.map((p, i) => (
            <Anchor key={p.url} href={p.url} target="_blank" rel="noopener noreferrer" aria-label={`查看原图 ${i + 1}（新标签页打开）`}>
              <Image
                src={p.url}
                alt={`${t.title} 预览图 ${i + 1}`}
                width={p.width ?? undefined}
                height={p.height ?? undefined}
                loading={i === 0 ? 'eager' : 'lazy'}
                radius="md"
                fit="contain"
                bg="gray.1"
                style={{ width: '100%', height: 'auto', aspectRatio: p.width && p.height ? `${p.width} / ${p.height}` : undefined }}
              />
            </Anchor>
          ))}
        </Stack>
        {t.allow_download ? (
          <Stack gap="xs" component="section" aria-label="源文件">
            <Title order={2} size="h4">
              源文件
            </Title>
            {t.sources.length ? (
              <Table fz="sm" verticalSpacing={6} aria-label="源文件列表">
                <Table.Tbody>
                  {t.sources.map((f) => (
                    <Table.Tr key={f.url}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        {f.name}
                        <Text span size="xs" c="dimmed" ml={6}>
                          {f.file_type.toUpperCase()} · {formatBytes(f.size)}
                        </Text>
                      </Table.Td>
                      <Table.Td w={80}>
                        <Button size="compact-sm" variant="light" aria-label={`下载 ${f.name}`} onClick={() => void downloadFile(f.url, f.name)}>
                          下载
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                无源文件
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            此分享链接仅供预览，不提供源文件下载。
          </Text>
        )}
      </Stack>
    </Container>
  );
}
