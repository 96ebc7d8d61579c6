import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, type ReactElement } from 'react';
import { SHORTCUT_GROUPS } from '../model/shortcuts';

/** The `?` sheet listing every keyboard shortcut (as Gmail and Frappe Helpdesk have). */
export function ShortcutSheet({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  return (
    <Modal opened={opened} onClose={onClose} title="键盘快捷键" size="lg" centered>
      <Stack gap="lg">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <Title order={3} size="h5" mb="xs">
              {group.title}
            </Title>
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                {group.items.map((item) => (
                  <Table.Tr key={item.text}>
                    <Table.Td w={160}>
                      <Group gap={6} wrap="nowrap">
                        {item.keys.map((combo, i) => (
                          <Fragment key={combo.join('+')}>
                            {i > 0 ? (
                              <Text size="xs" c="dimmed">
                                或
                              </Text>
                            ) : null}
                            {combo.map((key, j) => (
                              <Fragment key={key}>
                                {j > 0 ? (
                                  <Text size="xs" c="dimmed" aria-hidden>
                                    {combo[0] === 'g' ? '然后' : '+'}
                                  </Text>
                                ) : null}
                                <Kbd size="sm">{key}</Kbd>
                              </Fragment>
                            ))}
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.text}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        <Text size="xs" c="dimmed">
          在输入框中输入时快捷键不生效；弹窗打开时只有 Esc 生效。
        </Text>
      </Stack>
    </Modal>
  );
}
