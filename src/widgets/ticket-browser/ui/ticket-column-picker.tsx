import { DEFAULT_TICKET_COLUMNS, TICKET_COLUMN_TEXT, TICKET_COLUMNS, ticketColumnsOf } from '@/entities/ticket';
import { ColumnPicker } from '@/shared/ui';

interface Props {
  /** The search's `cols`. */
  cols: string | undefined;
  /** Leads see the designer column. */
  isLead: boolean;
  /** The new `cols` (undefined: the table's own columns). */
  onChange: (cols: string | undefined) => void;
}

/** 「显示列」 of the ticket lists; the choice goes to the URL (and into a saved view). */
export function TicketColumnPicker({ cols, isLead, onChange }: Props) {
  const options = TICKET_COLUMNS.filter((c) => isLead || c !== 'designer_name').map((c) => ({ value: c, label: TICKET_COLUMN_TEXT[c] }));
  const defaults = DEFAULT_TICKET_COLUMNS.filter((c) => isLead || c !== 'designer_name');
  const value = ticketColumnsOf(cols).filter((c) => isLead || c !== 'designer_name');
  return (
    <ColumnPicker
      options={options}
      value={value}
      defaults={defaults}
      onChange={(next) => {
        const same = next.length === DEFAULT_TICKET_COLUMNS.length && DEFAULT_TICKET_COLUMNS.every((c) => next.includes(c));
        const sameForDesigner = !isLead && next.length === defaults.length && defaults.every((c) => next.includes(c));
        onChange(same || sameForDesigner ? undefined : next.join(','));
      }}
    />
  );
}
