import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { userQueries } from '@/entities/user';
import { useKeptSearch } from '@/shared/lib';
import { STUDY_TABS } from '../model/study-tabs';

export const STUDY_EXAM_PATH = '/study-exam/index';

/** `?tab=` as text: the page resolves it against the tabs it shows. */
const parseTabSearch = (raw: unknown): { tab?: string } => {
  const tab = (raw as { tab?: unknown } | null)?.tab;
  return typeof tab === 'string' && tab ? { tab } : {};
};

/** `/study-exam/index`: the team's courses and exams (`?tab=` chooses the tab, 课程 by default). */
export function StudyExamPage(): ReactElement {
  const navigate = useNavigate();
  // Kept alive behind another tab, the page keeps the tab it showed.
  const { search } = useKeptSearch(STUDY_EXAM_PATH, parseTabSearch);
  const { data: profile } = useQuery(userQueries.profile());
  const tabs = STUDY_TABS.filter((t) => !t.visibleTo || (profile ? t.visibleTo(profile) : false));
  const first = tabs[0]?.value ?? 'courses';
  const tab = search.tab && tabs.some((t) => t.value === search.tab) ? search.tab : first;
  return (
    <Tabs
      value={tab}
      onChange={(value) => void navigate({ to: STUDY_EXAM_PATH, search: value && value !== first ? { tab: value } : {} })}
      keepMounted={false}
    >
      <Tabs.List mb="md" aria-label="学习考试">
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          <t.Panel />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
