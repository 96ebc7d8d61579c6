import { Button, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

interface KeywordFilterProps {
  /** The keyword in the URL. */
  value: string | undefined;
  /** Called with the trimmed text (undefined when empty) once it differs from `value`. */
  onCommit: (keyword: string | undefined) => void;
  label?: string;
  placeholder: string;
  maxLength: number;
  w?: number;
  /** Typing commits after this pause; Enter and leaving the field commit at once. */
  debounceMs?: number;
}

/**
 * The keyword box of a filtered list: the text follows the URL's keyword (back/forward, clearing
 * the filters) and commits after a pause in typing, on Enter or on leaving the field.
 */
export function KeywordFilter({ value, onCommit, label = '关键词', placeholder, maxLength, w = 200, debounceMs = 500 }: KeywordFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // Adjusted during render: the box follows a keyword changed elsewhere.
    setSeen(value);
    setText(value ?? '');
  }
  const commit = (v: string) => {
    const next = v.trim() || undefined;
    if (next !== value) onCommit(next);
  };
  const debounced = useDebouncedCallback(commit, debounceMs);
  const flush = () => {
    debounced.cancel();
    commit(text);
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      w={w}
      maxLength={maxLength}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') flush();
      }}
      onBlur={flush}
    />
  );
}

/** 清空筛选, with how many filters are set; disabled when none is. */
export function ClearFiltersButton({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Button variant="subtle" disabled={count === 0} onClick={onClear} mb={2}>
      清空筛选{count ? `（${count}）` : ''}
    </Button>
  );
}
