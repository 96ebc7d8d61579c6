import { VisuallyHidden } from '@mantine/core';

export interface ChartDataTableProps {
  /** The chart's title, the table's caption. */
  title: string;
  categoryLabel: string;
  valueLabel: string;
  rows: readonly { key: string; label: string; value: string }[];
}

/** A chart's figures as a table only screen readers read (the drawing itself is hidden from them). */
export function ChartDataTable({ title, categoryLabel, valueLabel, rows }: ChartDataTableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
