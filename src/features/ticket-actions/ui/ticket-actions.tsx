import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { TICKET_ACTION_TEXT, type TicketAction } from '@/entities/ticket';
import { ACTION_CONFIG, type ConfirmAction, isConfirmAction } from '../model/action-config';
import { TicketActionModal } from './ticket-action-modal';

interface Props {
  ticket: { ticket_id: number; order_no: string; designer_id?: string | null };
  /** The actions the viewer may take (see availableTicketActions); draft uploads are left to their feature. */
  actions: readonly TicketAction[];
}

/** A button per allowed action; each opens its confirmation. */
export function TicketActions({ ticket, actions }: Props) {
  const [open, setOpen] = useState<ConfirmAction | null>(null);
  const shown = actions.filter(isConfirmAction);
  if (shown.length === 0) return null;
  return (
    <>
      <Group gap="xs">
        {shown.map((action) => (
          <Button
            key={action}
            size="xs"
            variant={ACTION_CONFIG[action].danger ? 'light' : 'default'}
            color={ACTION_CONFIG[action].danger ? 'red' : undefined}
            onClick={() => setOpen(action)}
          >
            {TICKET_ACTION_TEXT[action]}
          </Button>
        ))}
      </Group>
      {open ? <TicketActionModal key={open} action={open} ticket={ticket} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
