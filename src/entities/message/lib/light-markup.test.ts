import { expect, it } from 'vitest';
import { parseLightMarkup } from './light-markup';

it('splits paragraphs, lists and bold runs; never produces HTML', () => {
  const blocks = parseLightMarkup('第一段 **重点** 内容\n第二行\n\n- 项目一\n- **项目二**\n\n<script>alert(1)</script>');
  expect(blocks).toEqual([
    { kind: 'paragraph', lines: [[{ text: '第一段 ', bold: false }, { text: '重点', bold: true }, { text: ' 内容', bold: false }], [{ text: '第二行', bold: false }]] },
    { kind: 'list', items: [[{ text: '项目一', bold: false }], [{ text: '项目二', bold: true }]] },
    { kind: 'paragraph', lines: [[{ text: '<script>alert(1)</script>', bold: false }]] },
  ]);
});
