import type { ComponentType } from 'react';
import type { Profile } from '@/entities/user';
import { StudyManagePanel } from '@/widgets/study-manage';
import { CourseList } from '../ui/course-list';
import { ExamList } from '../ui/exam-list';

/** A tab of 学习考试: its value in the URL (`?tab=`), its label, who sees it, its panel. */
export interface StudyTab {
  value: string;
  label: string;
  /** Shown to everyone when absent. */
  visibleTo?: (profile: Profile) => boolean;
  Panel: ComponentType;
}

/**
 * The tabs in the order shown; the first visible one is the default. A tab of another slice (the
 * leads' 管理) is one more entry here.
 */
export const STUDY_TABS: readonly StudyTab[] = [
  { value: 'courses', label: '课程', Panel: CourseList },
  { value: 'exams', label: '考试', Panel: ExamList },
  // Team leads (designer_type 0, what the server's /study/manage routes check) author, assign and follow.
  { value: 'manage', label: '管理', visibleTo: (profile) => profile.designer_type === 0, Panel: StudyManagePanel },
];
