export { Markdown } from './markdown';
export { parseInline, parseMarkdown, safeUrl, type Block, type Inline } from './parse';
