import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedChoice } from './segmented-choice';

const DATA = [
  { label: '密码登录', value: 'password' },
  { label: '验证码登录', value: 'code' },
] as const;

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'password' | 'code'>('password');
  return (
    <MantineProvider>
      <SegmentedChoice
        label="登录方式"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        data={DATA}
      />
    </MantineProvider>
  );
}

describe('SegmentedChoice', () => {
  it('is a named radio group whose chosen option is checked and marked, and a click chooses another', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: '登录方式' });
    const password = screen.getByRole<HTMLInputElement>('radio', { name: '密码登录' });
    const code = screen.getByRole<HTMLInputElement>('radio', { name: '验证码登录' });
    expect(group.contains(password) && group.contains(code)).toBe(true);
    expect(password.checked).toBe(true);
    expect(code.checked).toBe(false);
    expect(password.closest('label')!.hasAttribute('data-active')).toBe(true);
    // One name for the group: the browser's arrow keys move between its radios.
    expect(password.name).toBe(code.name);
    expect(password.name).not.toBe('');

    fireEvent.click(code);
    expect(onChange).toHaveBeenCalledWith('code');
    expect(code.checked).toBe(true);
    expect(password.checked).toBe(false);
    expect(code.closest('label')!.hasAttribute('data-active')).toBe(true);
    expect(password.closest('label')!.hasAttribute('data-active')).toBe(false);
  });

  it('two groups on one page do not share a name', () => {
    render(
      <>
        <Harness onChange={() => {}} />
        <Harness onChange={() => {}} />
      </>,
    );
    const [first, second] = screen.getAllByRole<HTMLInputElement>('radio', { name: '密码登录' });
    expect(first!.name).not.toBe(second!.name);
  });
});
