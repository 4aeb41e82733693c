import type { ReactNode } from 'react';
import { useIsMobile } from '../../lib/media';

/**
 * Where a column's cell goes on a phone card: beside the others in the card's head line, as the card's title,
 * as a labelled fact (`wide` spans the row), at the card's foot (actions), or not at all.
 */
export type CardPlace = 'head' | 'title' | 'fact' | 'wide' | 'foot' | 'none';

/** One column of a list: its name (the header, and the fact's label on a phone card) and its cell. */
export type ListColumn<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  /** The header shown instead of the label (the label stays for screen readers), e.g. a select-all box. */
  header?: ReactNode;
  /** The header is read by screen readers only (a column of checkboxes). */
  hideLabel?: boolean;
  className?: string;
  /** The cell names its row (`th scope=row`). */
  rowHeader?: boolean;
  /** On a phone card; `fact` when not given. */
  card?: CardPlace;
};

export type ListRowsProps<Row> = {
  /** The list's name: the table's caption and the cards' accessible name. */
  caption: string;
  columns: ReadonlyArray<ListColumn<Row> | false | null | undefined>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Test ids and data attributes of a row (the same on its table row and its card). */
  rowProps?: (row: Row) => Record<string, string | number | undefined>;
};

const shown = <Row,>(columns: ListRowsProps<Row>['columns']): Array<ListColumn<Row>> =>
  columns.filter((column): column is ListColumn<Row> => Boolean(column));

function HeaderCell<Row>({ column }: { column: ListColumn<Row> }) {
  if (column.header) {
    return (
      <th scope="col" className={column.className}>
        <span className="visually-hidden">{column.label}</span>
        {column.header}
      </th>
    );
  }
  return (
    <th scope="col" className={column.className}>
      {column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
    </th>
  );
}

/** The desktop table: a header row, one row a record. */
export function ListTable<Row>({ caption, columns, rows, rowKey, rowProps }: ListRowsProps<Row>) {
  const list = shown(columns);
  return (
    <div className="list-table-wrap">
      <table className="list-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {list.map((column) => (
              <HeaderCell key={column.label} column={column} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {list.map(({ label, cell, className, rowHeader }) =>
                rowHeader ? (
                  <th key={label} scope="row" className={className}>
                    {cell(row)}
                  </th>
                ) : (
                  <td key={label} className={className}>
                    {cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The phone cards: a head line, a title, the labelled facts (wide ones last), then the foot (actions), from the same columns. */
export function ListCards<Row>({ caption, columns, rows, rowKey, rowProps }: ListRowsProps<Row>) {
  const list = shown(columns);
  const at = (place: CardPlace) => list.filter((column) => (column.card ?? 'fact') === place);
  const [head, title, foot] = [at('head'), at('title'), at('foot')];
  // The row-wide facts after the short ones, so the short ones share lines.
  const facts = [...list.filter((column) => (column.card ?? 'fact') === 'fact'), ...at('wide')];
  return (
    <ul className="list-cards" aria-label={caption}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="list-card" {...rowProps?.(row)}>
          {head.length > 0 ? (
            <div className="list-card__head">
              {head.map((column) => (
                <span key={column.label} className={column.className}>
                  {column.cell(row)}
                </span>
              ))}
            </div>
          ) : null}
          {title.map((column) => (
            <div key={column.label} className="list-card__title">
              {column.cell(row)}
            </div>
          ))}
          {facts.length > 0 ? (
            <dl className="list-card__facts">
              {facts.map((column) => (
                <div key={column.label} className={column.card === 'wide' ? 'list-card__wide' : undefined}>
                  <dt>{column.label}</dt>
                  <dd className={column.className}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {foot.map((column) => (
            <div key={column.label} className="list-card__foot">
              {column.cell(row)}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** A list's rows: the table from 768 px, cards below (spec section 1's two layouts). */
export function ListRows<Row>(props: ListRowsProps<Row>) {
  return useIsMobile() ? <ListCards {...props} /> : <ListTable {...props} />;
}
