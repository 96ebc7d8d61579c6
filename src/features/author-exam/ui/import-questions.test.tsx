import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { ImportQuestions } from './import-questions';

const importQuestions = vi.fn();
vi.mock('@/entities/study-admin', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/entities/study-admin')>();
  return { ...actual, studyAdminApi: { importQuestions: (...args: unknown[]) => importQuestions(...args) } };
});
vi.mock('@/shared/ui', () => ({ notify: vi.fn() }));

function renderImport() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const { container } = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ImportQuestions examId={7} onDownloadTemplate={vi.fn()} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return container.querySelector('input[type="file"]') as HTMLInputElement;
}

const pick = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

describe('ImportQuestions', () => {
  beforeEach(() => importQuestions.mockReset());

  it('lists every bad cell the server names, by row, and says nothing was imported', async () => {
    importQuestions.mockRejectedValueOnce(
      new ApiError('第3行B列（题目）：请填写题目', 422, 'http', [
        { field: 'row.3.B', message: '第3行B列（题目）：请填写题目' },
        { field: 'row.2.I', message: '第2行I列（正确答案）：正确答案不在选项中' },
      ]),
    );
    pick(renderImport(), new File([new Uint8Array([1, 2, 3])], '题目.xlsx'));
    const list = await screen.findByRole('list', { name: '导入错误' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['第2行I列（正确答案）：正确答案不在选项中', '第3行B列（题目）：请填写题目']);
    expect(screen.getByText('导入失败，没有导入任何题目')).toBeTruthy();
    expect(importQuestions).toHaveBeenCalledWith(7, 'AQID');
  });

  it('refuses a file that is not .xlsx without asking the server', async () => {
    pick(renderImport(), new File(['a,b'], '题目.csv'));
    await waitFor(() => expect(screen.getByText('请选择 .xlsx 格式的Excel文件')).toBeTruthy());
    expect(importQuestions).not.toHaveBeenCalled();
  });
});
