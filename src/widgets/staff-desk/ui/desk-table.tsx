import type { ReactNode } from 'react';

/** One column: its name (the header, and each cell's label when the table turns into cards on a phone). */
export type DeskColumn<Row> = { label: string; cell: (row: Row) => ReactNode; className?: string; rowHeader?: boolean };

export type DeskTableProps<Row> = {
  caption: string;
  columns: DeskColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Test ids and data attributes of a row. */
  rowProps?: (row: Row) => Record<string, string | number>;
};

/**
 * A console table: a header row, one row a record; at 375 px each row becomes a card whose cells show their
 * column's name (`data-label`, staff-page.css in the staff shell).
 */
export function DeskTable<Row>({ caption, columns, rows, rowKey, rowProps }: DeskTableProps<Row>) {
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map(({ label, cell, className, rowHeader }) =>
              rowHeader ? (
                <th key={label} scope="row" data-label={label} className={className}>
                  {cell(row)}
                </th>
              ) : (
                <td key={label} data-label={label} className={className}>
                  {cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
