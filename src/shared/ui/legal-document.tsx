import { Anchor, Box, Button, Container, Divider, Group, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { PRODUCT_NAME } from './auth-card';

/** A paragraph (string) or a bulleted list (string[]). */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocumentContent {
  title: string;
  /** e.g. 2026年11月1日 */
  effectiveDate: string;
  /** Paragraphs before the first numbered section. */
  intro: readonly string[];
  sections: readonly LegalSection[];
}

interface Props {
  document: LegalDocumentContent;
  /** Leaves the document: back in history, or to the login page when there is no history. */
  onBack: () => void;
}

const sectionId = (index: number) => `section-${index + 1}`;

/** A long legal text (service agreement, privacy policy) with a table of contents, readable width. */
export function LegalDocument({ document: doc, onBack }: Props) {
  return (
    <Box component="main" bg="var(--app-color-page)" mih="100dvh" py={{ base: 'md', sm: 40 }}>
      <Container size={800} px={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb="md">
          <Button variant="subtle" onClick={onBack} aria-label="返回上一页">
            ← 返回
          </Button>
          <Text fw={600} c="dimmed">
            {PRODUCT_NAME}
          </Text>
        </Group>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 40 }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={28}>
              {doc.title}
            </Title>
            <Text size="sm" c="dimmed">
              生效日期：{doc.effectiveDate}
            </Text>
          </Stack>
          <Typography>
            {doc.intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </Typography>
          <Box component="nav" aria-label="目录" my="lg">
            <Text fw={600} mb="xs">
              目录
            </Text>
            <List type="ordered" spacing={4} size="sm">
              {doc.sections.map((s, i) => (
                <List.Item key={s.heading}>
                  <Anchor component="button" type="button" fz="sm" onClick={() => jumpTo(sectionId(i))}>
                    {s.heading}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Box>
          <Divider mb="lg" />
          <Typography>
            {doc.sections.map((s, i) => (
              <section key={s.heading} aria-labelledby={sectionId(i)}>
                <h2 id={sectionId(i)} tabIndex={-1} style={{ scrollMarginTop: 16, outline: 'none' }}>
                  {i + 1}. {s.heading}
                </h2>
                {s.blocks.map((block, j) =>
                  typeof block === 'string' ? (
                    <p key={j}>{block}</p>
                  ) : (
                    <ul key={j}>
                      {block.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </section>
            ))}
          </Typography>
        </Paper>
        <Group justify="center" mt="lg">
          <Button variant="default" onClick={onBack}>
            返回
          </Button>
        </Group>
      </Container>
    </Box>
  );
}

/** Scrolls to a section and moves focus there (hash routing leaves no room for `#fragment` links). */
function jumpTo(id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}
