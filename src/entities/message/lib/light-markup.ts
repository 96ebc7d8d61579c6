/**
 * The announcement body format: plain text where a blank line separates paragraphs, lines
 * starting with "- " form a list and **text** is bold. Parsed to blocks, rendered without HTML.
 */
export type Inline = { text: string; bold: boolean };
export type Block = { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const m of line.matchAll(re)) {
    if (m.index > last) out.push({ text: line.slice(last, m.index), bold: false });
    out.push({ text: m[1]!, bold: true });
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ text: line.slice(last), bold: false });
  return out;
}

export function parseLightMarkup(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (!lines.length) continue;
    let para: Inline[][] = [];
    let list: Inline[][] = [];
    const flushPara = () => {
      if (para.length) blocks.push({ kind: 'paragraph', lines: para });
      para = [];
    };
    const flushList = () => {
      if (list.length) blocks.push({ kind: 'list', items: list });
      list = [];
    };
    for (const line of lines) {
      const item = /^\s*[-•]\s+(.*)$/.exec(line);
      if (item) {
        flushPara();
        list.push(parseInline(item[1]!));
      } else {
        flushList();
        para.push(parseInline(line.trim()));
      }
    }
    flushPara();
    flushList();
  }
  return blocks;
}
