import { Box, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface ChartFigureProps {
  /** Shown above the chart and used as the figure's name. */
  title: string;
  /** No data: the empty text stands in place of the chart. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** The frame every chart shares: a figure named by its caption, or the empty text. */
export function ChartFigure({ title, empty, emptyText, children }: ChartFigureProps) {
  const titleId = useId();
  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Text component="figcaption" id={titleId} fw={600} size="sm" mb={6}>
        {title}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed" py="md">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Box>
  );
}
