import { Alert, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { studyAdminApi, studyAdminQueries } from '@/entities/study-admin';
import { ApiError, type FieldError } from '@/shared/api';
import { formatBytes } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { fileToBase64, importErrorRow, isXlsxName, MAX_IMPORT_BYTES } from '../model/import-file';

interface Props {
  examId: number;
  /** Frozen once anyone has started the exam. */
  disabled?: boolean;
  /** Downloads the server's template (the download feature, given by the widget). */
  onDownloadTemplate: () => void;
}

/**
 * Imports questions from an Excel sheet laid out as the server's template. All or nothing: a bad
 * sheet lists every bad cell the server named (row, column, what is wrong) and adds nothing.
 */
export function ImportQuestions({ examId, disabled, onDownloadTemplate }: Props) {
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useMutation({
    mutationKey: ['study', 'manage', 'import-questions'],
    mutationFn: async (file: File) => studyAdminApi.importQuestions(examId, await fileToBase64(file)),
    onSuccess: (exam, file) => {
      notify(`已从《${file.name}》导入题目，现共${exam.question_count}题`, 'success');
      queryClient.setQueryData(studyAdminQueries.exam(examId).queryKey, exam);
      void queryClient.invalidateQueries({ queryKey: studyAdminQueries.exams() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length) {
        setFailure(error.message);
        setProblems([...error.fieldErrors].sort((a, b) => importErrorRow(a.field) - importErrorRow(b.field)));
      }
    },
  });

  const pick = (file: File | null) => {
    setProblems([]);
    setFailure(null);
    if (!file) return;
    if (!isXlsxName(file.name)) {
      setFailure('请选择 .xlsx 格式的Excel文件');
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setFailure(`文件大小 ${formatBytes(file.size)} 超过上限 ${formatBytes(MAX_IMPORT_BYTES)}，请分批导入`);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <FileButton onChange={pick} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={disabled || upload.isPending}>
          {(props) => (
            <Button {...props} size="sm" variant="light" loading={upload.isPending}>
              从Excel导入
            </Button>
          )}
        </FileButton>
        <Button size="sm" variant="subtle" onClick={onDownloadTemplate}>
          下载导入模板
        </Button>
      </Group>
      {failure ? (
        <Alert color="red" variant="light" title="导入失败，没有导入任何题目" withCloseButton onClose={() => {
            setFailure(null);
            setProblems([]);
          }} closeButtonLabel="关闭">
          {problems.length ? (
            <List size="sm" spacing={2} aria-label="导入错误">
              {problems.map((p) => (
                <List.Item key={p.field}>{p.message}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{failure}</Text>
          )}
        </Alert>
      ) : null}
    </Stack>
  );
}
