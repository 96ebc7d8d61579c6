import { ActionIcon, Group, Text, type TextProps } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { MSG } from '@/shared/config/messages';
import { copyToClipboard } from '@/shared/lib/clipboard';
import { notify } from './notify';

export interface CopyTextProps extends Omit<TextProps, 'children'> {
  /** The text copied (an order number, say). */
  value: string;
  /** What is shown; `value` by default. */
  children?: ReactNode;
}

function CopyIcon({ done }: { done: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {done ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </>
      )}
    </svg>
  );
}

/**
 * A text with a copy button beside it (spec §8: '已复制' / '复制失败'). The button is named '复制'
 * and described by the text it copies.
 */
export function CopyText({ value, children, size = 'sm', ...textProps }: CopyTextProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await copyToClipboard(value);
    notify(ok ? MSG.copied : MSG.copyFailed, ok ? 'success' : 'error');
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };

  return (
    <Group gap={4} wrap="nowrap" display="inline-flex">
      <Text id={id} size={size} span {...textProps}>
        {children ?? value}
      </Text>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        size="sm"
        aria-label="复制"
        aria-describedby={id}
        title={copied ? MSG.copied : '复制'}
        onClick={(e) => {
          // Inside a clickable table row, copying does not open the row.
          e.stopPropagation();
          void copy();
        }}
      >
        <CopyIcon done={copied} />
      </ActionIcon>
    </Group>
  );
}
