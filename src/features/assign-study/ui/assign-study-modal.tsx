import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { studyAdminApi, studyAdminQueries, type StudyItemType } from '@/entities/study-admin';
import { teamDesignerQueries } from '@/entities/team-designer';
import { ApiError } from '@/shared/api';
import { DayInput } from '@/shared/ui/day-picker';
import { notify } from '@/shared/ui';
import { defaultDue, dueAtOf, dueAtProblem } from '../model/due-date';

interface Props {
  itemType: StudyItemType;
  itemId: number;
  title: string;
  onClose: () => void;
}

type Errors = Partial<Record<'designer_ids' | 'due', string>>;

/**
 * Assigns a published course or exam to designers of the team with a due date (Shanghai time).
 * The server tells each newly assigned (or re-dated) designer with message 40 / 41.
 */
export function AssignStudyModal({ itemType, itemId, title, onClose }: Props) {
  const queryClient = useQueryClient();
  const designers = useQuery(teamDesignerQueries.options());
  const [picked, setPicked] = useState<string[]>([]);
  const [due, setDue] = useState(() => defaultDue());
  const [errors, setErrors] = useState<Errors>({});
  const assign = useMutation({
    mutationKey: ['study', 'manage', 'assign'],
    mutationFn: (dueAt: string) => studyAdminApi.assign({ item_type: itemType, item_id: itemId, designer_ids: picked, due_at: dueAt }),
    onSuccess: (r) => {
      const told = r.notified.length;
      notify(told ? `已指派${r.assigned.length}人，已通知${told}人` : `已指派${r.assigned.length}人（截止时间未变，未重复通知）`, 'success');
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.results() });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.fieldErrors.length) return;
      const next: Errors = {};
      for (const f of error.fieldErrors) {
        const key = f.field.startsWith('designer_ids') ? 'designer_ids' : f.field === 'due_at' ? 'due' : undefined;
        if (key && !next[key]) next[key] = f.message;
      }
      setErrors(next);
    },
  });
  const options = (designers.data ?? []).map((d) => ({ value: d.designer_id, label: `${d.designer_name}（${d.designer_id}）` }));

  return (
    <Modal opened onClose={onClose} title={`指派${itemType === 'course' ? '课程' : '考试'}：${title}`} size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next: Errors = {};
          if (!picked.length) next.designer_ids = '请选择设计师';
          const problem = dueAtProblem(due.day, due.time);
          if (problem) next.due = problem;
          setErrors(next);
          const at = dueAtOf(due.day, due.time);
          if (!next.designer_ids && !next.due && at) assign.mutate(at);
        }}
      >
        <Stack>
          <MultiSelect
            label="设计师"
            required
            placeholder={designers.isPending ? '加载中…' : '搜索姓名或编号'}
            searchable
            clearable
            nothingFoundMessage={designers.isError ? '设计师列表加载失败' : '没有匹配的设计师'}
            data={options}
            value={picked}
            onChange={(v) => {
              setPicked(v);
              setErrors((e) => ({ ...e, designer_ids: undefined }));
            }}
            error={errors.designer_ids}
            data-autofocus
          />
          <Group align="flex-start" grow>
            <DayInput
              label="截止日期"
              required
              value={due.day}
              onChange={(day) => {
                setDue((d) => ({ ...d, day }));
                setErrors((e) => ({ ...e, due: undefined }));
              }}
              error={errors.due}
            />
            <TextInput
              label="截止时间"
              required
              placeholder="23:59"
              value={due.time}
              onChange={(e) => {
                const time = e.currentTarget.value;
                setDue((d) => ({ ...d, time }));
                setErrors((er) => ({ ...er, due: undefined }));
              }}
            />
          </Group>
          <Text size="xs" c="dimmed">
            时间按北京时间计算。已指派的设计师再次指派会更新截止时间并重新通知。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={assign.isPending}>
              指派
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
