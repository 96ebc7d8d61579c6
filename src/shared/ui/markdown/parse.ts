/**
 * A small Markdown reader for lesson texts: headings, paragraphs, lists, block quotes, fenced code,
 * rules; inline bold, italic, code, links and images. Raw HTML is never interpreted: it stays text.
 * The result is a tree of plain objects that `Markdown` turns into React elements.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string }
  | { type: 'break' };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'rule' };

/**
 * A link or image target that is safe to hand to the browser: http(s), mailto (links only), or a
 * path/anchor without a scheme. Everything else (javascript:, data:, vbscript:…) is refused.
 */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  const url = raw.trim();
  if (!url) return null;
  // Control characters and whitespace inside a scheme can smuggle "java\tscript:".
  const probe = [...url]
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe);
  if (!scheme) return url.startsWith('//') && kind === 'image' ? null : url;
  const allowed = kind === 'link' ? ['http', 'https', 'mailto'] : ['http', 'https'];
  return allowed.includes(scheme[1]!) ? url : null;
}

const ESCAPABLE = /\\([\\`*_[\]()#+\-.!>])/g;

/** Inline spans of one block's text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    const rest = source.slice(i);
    if (ch === '\\' && i + 1 < source.length && /[\\`*_[\]()#+\-.!>]/.test(source[i + 1]!)) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      // Two trailing spaces or a backslash before a newline: a hard break; otherwise a space.
      if (/ {2,}$/.test(text)) {
        text = text.replace(/ +$/, '');
        flush();
        out.push({ type: 'break' });
      } else text += ' ';
      i += 1;
      continue;
    }
    if (ch === '`') {
      const ticks = /^`+/.exec(rest)![0];
      const end = source.indexOf(ticks, i + ticks.length);
      if (end > 0) {
        flush();
        out.push({ type: 'code', text: source.slice(i + ticks.length, end).trim() || source.slice(i + ticks.length, end) });
        i = end + ticks.length;
        continue;
      }
      text += ticks;
      i += ticks.length;
      continue;
    }
    const image = /^!\[([^\]]*)\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/.exec(rest);
    if (image) {
      const src = safeUrl(image[2]!, 'image');
      flush();
      if (src) out.push({ type: 'image', src, alt: image[1]!.replace(ESCAPABLE, '$1') });
      else text += image[1]!;
      i += image[0].length;
      continue;
    }
    const link = /^\[((?:\\.|[^\]\\])*)\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/.exec(rest);
    if (link) {
      const href = safeUrl(link[2]!, 'link');
      flush();
      const children = parseInline(link[1]!);
      if (href) out.push({ type: 'link', href, children });
      else out.push(...children);
      i += link[0].length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong && (ch === '*' || !/\w/.test(source[i - 1] ?? ''))) {
      flush();
      out.push({ type: 'strong', children: parseInline(strong[2]!) });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)([\s\S]*?[^\s*_])\1(?!\1)/.exec(rest);
    if (em && (ch === '*' || !/\w/.test(source[i - 1] ?? ''))) {
      flush();
      out.push({ type: 'em', children: parseInline(em[2]!) });
      i += em[0].length;
      continue;
    }
    text += ch;
    i += 1;
  }
  flush();
  return out;
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const BLANK = /^[ \t]*$/;

function startsBlock(line: string): boolean {
  return HEADING.test(line) || FENCE.test(line) || RULE.test(line) || BULLET.test(line) || ORDERED.test(line) || QUOTE.test(line);
}

/** The blocks of a Markdown text. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      i += 1; // the closing fence (or the end)
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ type: 'quote', children: parseMarkdown(body.join('\n')) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const itemPattern = isOrdered ? ORDERED : BULLET;
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        const m = itemPattern.exec(current);
        if (m) {
          items.push([isOrdered ? m[2]! : m[1]!]);
          i += 1;
        } else if (!BLANK.test(current) && !startsBlock(current) && items.length) {
          // A lazy continuation line of the item above.
          items[items.length - 1]!.push(current.trim());
          i += 1;
        } else break;
      }
      blocks.push({ type: 'list', ordered: isOrdered, start: isOrdered ? Number(ordered![1]) : 1, items: items.map((parts) => parseInline(parts.join('\n'))) });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && !BLANK.test(lines[i]!) && !(para.length && startsBlock(lines[i]!))) para.push(lines[i++]!.replace(/^ {0,3}/, ''));
    blocks.push({ type: 'paragraph', children: parseInline(para.join('\n').replace(/[ \t]+$/, '')) });
  }
  return blocks;
}
