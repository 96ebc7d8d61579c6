import { Anchor, Blockquote, Code, Divider, Image, List, Text, Title } from '@mantine/core';
import { Fragment, type ReactElement, type ReactNode, useMemo } from 'react';
import { type Block, type Inline, parseMarkdown } from './parse';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'code':
        return <Code key={i}>{node.text}</Code>;
      case 'break':
        return <br key={i} />;
      case 'image':
        return <Image key={i} src={node.src} alt={node.alt} loading="lazy" maw="100%" w="auto" display="inline-block" radius="sm" />;
      case 'link': {
        const external = /^https?:/i.test(node.href);
        return (
          <Anchor key={i} href={node.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
            {renderInline(node.children)}
          </Anchor>
        );
      }
    }
  });
}

function renderBlocks(blocks: Block[]): ReactNode[] {
  return blocks.map((block, i) => {
    switch (block.type) {
      case 'heading':
        // The page's own title is the h1/h2: a lesson's headings start one level below.
        return (
          <Title key={i} order={Math.min(6, block.level + 2) as 3 | 4 | 5 | 6} mt="md" mb="xs">
            {renderInline(block.children)}
          </Title>
        );
      case 'paragraph':
        return (
          <Text key={i} component="p" my="sm" lh={1.8}>
            {renderInline(block.children)}
          </Text>
        );
      case 'list':
        return (
          <List key={i} type={block.ordered ? 'ordered' : 'unordered'} start={block.ordered ? block.start : undefined} my="sm" spacing={4} withPadding>
            {block.items.map((item, j) => (
              <List.Item key={j}>{renderInline(item)}</List.Item>
            ))}
          </List>
        );
      case 'quote':
        return (
          <Blockquote key={i} my="sm" p="sm">
            {renderBlocks(block.children)}
          </Blockquote>
        );
      case 'code':
        return (
          <Code key={i} block my="sm" data-lang={block.lang || undefined}>
            {block.text}
          </Code>
        );
      case 'rule':
        return <Divider key={i} my="md" />;
    }
  });
}

/** Renders Markdown as React elements; raw HTML in the text shows as text, never as markup. */
export function Markdown({ source }: { source: string }): ReactElement {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return <div className="markdown-body">{renderBlocks(blocks)}</div>;
}
