import { Badge } from '@mantine/core';
import { useDictOptions } from '@/entities/dict/@x/ticket';
import { TICKET_STATUS_DICT } from '../model/ticket.schema';

/** A ticket status as a tag: the ticket_status dictionary's name and colour (the raw value if unknown). */
export function StatusTag({ status }: { status: string }) {
  const options = useDictOptions(TICKET_STATUS_DICT);
  const option = options.find((o) => o.value === status);
  const color = option?.tagColor ?? 'gray';
  // The light variant's own text shade is too pale on its tint for some colours (teal: under the
  // WCAG AA 4.5:1 even at shade 9): the tint carries the colour, the text stays the body colour.
  return (
    // The whole name, never cut to 收到…: the tag keeps its width and the table makes room.
    <Badge variant="light" color={color} c="var(--mantine-color-text)" radius="sm" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }} data-status-tag>
      {option?.label ?? status}
    </Badge>
  );
}
