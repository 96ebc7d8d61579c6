import { Button, Stack } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useNarrowScreen } from './ticket-list-view';

interface Props {
  /** Filters in force: shown on the button while they are folded away. */
  count: number;
  children: ReactNode;
}

/**
 * A list's filters on a phone: folded behind a 筛选 button so the list starts on the first screen;
 * on a wide screen they are simply shown.
 */
export function PhoneFilters({ count, children }: Props) {
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!narrow) return <>{children}</>;
  return (
    <Stack gap="xs">
      <Button variant="default" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} style={{ alignSelf: 'flex-start' }}>
        {open ? '收起筛选' : count ? `筛选（${count}）` : '筛选'}
      </Button>
      <div id={id} hidden={!open}>
        {open ? children : null}
      </div>
    </Stack>
  );
}
