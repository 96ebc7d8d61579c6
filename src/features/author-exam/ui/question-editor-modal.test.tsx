import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { QuestionEditorModal } from './question-editor-modal';

const addQuestions = vi.fn();
vi.mock('@/entities/study-admin', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/entities/study-admin')>();
  return { ...actual, studyAdminApi: { addQuestions: (...args: unknown[]) => addQuestions(...args) } };
});
vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));

// Mantine's autosize textarea listens to font loading, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <QuestionEditorModal examId={3} onClose={vi.fn()} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const type = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('QuestionEditorModal', () => {
  beforeEach(() => addQuestions.mockReset());

  it('names what is missing before asking the server', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('请填写题目')).toBeTruthy();
    expect(screen.getByText('请选择正确答案')).toBeTruthy();
    expect(addQuestions).not.toHaveBeenCalled();
  });

  it('sends the question with its key and shows the server’s refusal next to the field', async () => {
    addQuestions.mockRejectedValueOnce(new ApiError('每场考试最多200道题', 422, 'http', [{ field: 'questions.0.points', message: '分值过高' }]));
    renderEditor();
    type('题目', '出血位留多少？');
    type('选项A', '1mm');
    type('选项B', '3mm');
    type('选项C', '5mm');
    type('选项D', '10mm');
    fireEvent.click(screen.getByRole('radio', { name: '选项B为正确答案' }));
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(addQuestions).toHaveBeenCalledTimes(1));
    expect(addQuestions).toHaveBeenCalledWith(3, [{ kind: 'single', stem: '出血位留多少？', options: ['1mm', '3mm', '5mm', '10mm'], answer: 'B', points: 5, explanation: '' }]);
    expect(await screen.findByText('分值过高')).toBeTruthy();
  });
});
