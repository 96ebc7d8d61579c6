import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of a detail view (its title names the region for screen readers). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={4} fz="sm" c="dimmed" fw={600}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A label over its value in a detail view's field grid. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
