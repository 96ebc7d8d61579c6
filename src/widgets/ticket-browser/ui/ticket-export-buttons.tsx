import { Button, Group } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { ticketExportUrl, type TicketExportFormat, type TicketListParams } from '@/entities/ticket';
import { downloadFile } from '@/features/download-file';

const FORMATS: { format: TicketExportFormat; text: string }[] = [
  { format: 'xlsx', text: '导出 Excel' },
  { format: 'csv', text: '导出 CSV' },
];

interface Props {
  /** The list's query as shown (filters, scope, designer, sort); the export takes every page of it. */
  params: TicketListParams;
  /** The file's name without extension (我的工单, 团队工单, 待分配工单). */
  fileName: string;
}

/**
 * Exports the ticket list as shown, every page, as Excel or CSV (GET /tickets/export), through the
 * download feature: its progress notification, and one download at a time (a second is refused
 * with a message while one runs).
 */
export function TicketExportButtons({ params, fileName }: Props): ReactElement {
  const [exporting, setExporting] = useState<TicketExportFormat | null>(null);
  const exportAs = async (format: TicketExportFormat) => {
    setExporting(format);
    try {
      await downloadFile(ticketExportUrl(params, format), `${fileName}.${format}`);
    } finally {
      setExporting(null);
    }
  };
  return (
    <Group gap="xs" role="group" aria-label="导出工单">
      {FORMATS.map(({ format, text }) => (
        <Button
          key={format}
          variant="default"
          size="xs"
          loading={exporting === format}
          disabled={exporting !== null && exporting !== format}
          onClick={() => void exportAs(format)}
        >
          {text}
        </Button>
      ))}
    </Group>
  );
}
