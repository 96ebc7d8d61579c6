import { Badge } from '@mantine/core';
import { useDictOptions } from '@/entities/dict/@x/ticket';
import { TICKET_STATUS_DICT } from '../model/ticket.schema';

/** A ticket status as a tag: the ticket_status dictionary's name and colour (the raw value if unknown). */
export function StatusTag({ status }: { status: string }) {
  const options = useDictOptions(TICKET_STATUS_DICT);
  const option = options.find((o) => o.value === status);
  return (
    <Badge variant="light" color={option?.tagColor ?? 'gray'} radius="sm" style={{ flexShrink: 0 }}>
      {option?.label ?? status}
    </Badge>
  );
}
