import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders elements, never the text as HTML', () => {
    const { container } = render(
      <MantineProvider>
        <Markdown source={'## 标题\n\n**粗体** <b onclick="x">不是标签</b>\n\n[链接](javascript:alert(1))'} />
      </MantineProvider>,
    );
    expect(container.querySelector('h4')?.textContent).toBe('标题');
    expect(container.querySelector('strong')?.textContent).toBe('粗体');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b onclick="x">不是标签</b>');
    expect(container.querySelector('a')).toBeNull();
  });
});
