import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeUrl } from './parse';

describe('parseMarkdown blocks', () => {
  it('reads headings, paragraphs, lists, quotes, code and rules', () => {
    const blocks = parseMarkdown(
      ['# 印前检查', '', '第一段', '接着一行', '', '- 出血', '- 分辨率', '', '1. 打开文件', '2. 检查', '', '> 注意', '', '```text', '**不是粗体**', '```', '', '---'].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'code', 'rule']);
    expect(blocks[0]).toEqual({ type: 'heading', level: 1, children: [{ type: 'text', text: '印前检查' }] });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: '第一段 接着一行' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: '出血' }], [{ text: '分辨率' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 1, items: [[{ text: '打开文件' }], [{ text: '检查' }]] });
    expect(blocks[5]).toEqual({ type: 'code', lang: 'text', text: '**不是粗体**' });
  });

  it('a list right after a paragraph line starts a list; an ordered list keeps its start', () => {
    const blocks = parseMarkdown('步骤：\n3. 第三步\n4. 第四步');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list']);
    expect(blocks[1]).toMatchObject({ ordered: true, start: 3 });
  });

  it('keeps raw HTML as text', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n<img src=x onerror=alert(1)>');
    expect(blocks).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }] }]);
  });

  it('#tag without a space is a paragraph, not a heading', () => {
    expect(parseMarkdown('#标签')[0]!.type).toBe('paragraph');
  });
});

describe('parseInline spans', () => {
  it('reads bold, italic, code, links and images', () => {
    expect(parseInline('**粗** 和 *斜* 和 `code`')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: '粗' }] },
      { type: 'text', text: ' 和 ' },
      { type: 'em', children: [{ type: 'text', text: '斜' }] },
      { type: 'text', text: ' 和 ' },
      { type: 'code', text: 'code' },
    ]);
    expect(parseInline('见[规范](https://example.com/a)与![图](/img/a.png)')).toEqual([
      { type: 'text', text: '见' },
      { type: 'link', href: 'https://example.com/a', children: [{ type: 'text', text: '规范' }] },
      { type: 'text', text: '与' },
      { type: 'image', src: '/img/a.png', alt: '图' },
    ]);
  });

  it('drops unsafe link and image targets but keeps their text', () => {
    expect(parseInline('[点我](javascript:alert(1))')).toEqual([{ type: 'text', text: '点我' }, { type: 'text', text: ')' }]);
    expect(parseInline('![x](data:image/png;base64,AAA)')).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('honours escapes and leaves snake_case words alone', () => {
    expect(parseInline('\\*不是斜体\\*')).toEqual([{ type: 'text', text: '*不是斜体*' }]);
    expect(parseInline('file_name_here')).toEqual([{ type: 'text', text: 'file_name_here' }]);
  });

  it('two trailing spaces make a hard break', () => {
    expect(parseInline('一行  \n下一行')).toEqual([{ type: 'text', text: '一行' }, { type: 'break' }, { type: 'text', text: '下一行' }]);
  });
});

describe('safeUrl', () => {
  it('allows http(s), mailto links and relative paths; refuses other schemes', () => {
    expect(safeUrl('https://a.cn/x', 'link')).toBe('https://a.cn/x');
    expect(safeUrl('mailto:a@b.cn', 'link')).toBe('mailto:a@b.cn');
    expect(safeUrl('mailto:a@b.cn', 'image')).toBeNull();
    expect(safeUrl('/files/a.png', 'image')).toBe('/files/a.png');
    expect(safeUrl('#part-2', 'link')).toBe('#part-2');
    expect(safeUrl('JavaScript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('java\tscript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('vbscript:x', 'link')).toBeNull();
    expect(safeUrl('data:text/html,x', 'link')).toBeNull();
  });
});
