import { Anchor, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { HomeSummary } from '@/entities/workbench';
import { useFinishWelcome } from '@/features/finish-welcome';
import { guidanceTour } from '@/features/guidance-tour';
import { AnchorLink } from '@/shared/ui/router-links';

interface Props {
  home: HomeSummary;
}

/**
 * The welcome page: what a designer who has just finished onboarding sees on their first visit to
 * the workbench (until they start work; the server keeps that, so it follows them across browsers).
 * Loaded only then: the home imports it lazily.
 */
export function WelcomeView({ home }: Props) {
  const finish = useFinishWelcome();
  const exams = home.product.exams;
  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="welcome-title" data-testid="welcome">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2" id="welcome-title">
            欢迎加入设计师工作台
          </Title>
          <Text c="dimmed">入驻引导已完成。开始接单前，建议先做下面几件事。</Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2} size="h4">
            第一步做什么
          </Title>
          <List type="ordered" spacing="sm" aria-label="第一步做什么">
            <List.Item>
              <Text span fw={600}>
                查看新手引导：
              </Text>
              <Text span>一分钟认识菜单、消息和个人中心。</Text>{' '}
              <Anchor component="button" type="button" onClick={() => guidanceTour.start()}>
                开始新手引导
              </Anchor>
            </List.Item>
            <List.Item>
              <Text span fw={600}>
                参加资格考试：
              </Text>
              <Text span>通过产品考试后，系统才会把该产品的工单分配给你。</Text>
            </List.Item>
            <List.Item>
              <Text span fw={600}>
                打开接单状态：
              </Text>
              <Text span>在个人中心打开「接单中」，系统会按计划给你分配工单。</Text>{' '}
              <AnchorLink to="/system/account">前往个人中心</AnchorLink>
            </List.Item>
            <List.Item>
              <Text span fw={600}>
                熟悉我的工单：
              </Text>
              <Text span>工单的初稿、定稿、超时提醒都在这里。</Text>{' '}
              <AnchorLink to="/order-management/index">打开我的工单</AnchorLink>
            </List.Item>
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={2} size="h4">
            可获得接单资格的考试
          </Title>
          {exams.length === 0 ? (
            <Text size="sm" c="dimmed">
              团队暂时没有新的资格考试，
              <AnchorLink to="/study-exam/index" search={{ tab: 'exams' }}>
                查看课程与考试
              </AnchorLink>
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label="可获得接单资格的考试">
              {exams.map((e) => (
                <Group key={e.exam_id} role="listitem" gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="sm" aria-hidden>
                    考
                  </ThemeIcon>
                  <AnchorLink to="/online-exam" search={{ id: e.exam_id }}>
                    {e.title}
                  </AnchorLink>
                  <Text size="sm" c="dimmed">
                    通过后可接「{e.product_name}」
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>

        <Group>
          <Button size="md" loading={finish.isPending} onClick={() => finish.mutate()}>
            开始工作
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
