import { ListRows, type ListColumn, type ListRowsProps } from '@/shared/ui/list-page';

/** One column of a console list: the shared list's column; on a phone each cell is a line of its own unless it says. */
export type DeskColumn<Row> = ListColumn<Row>;

export type DeskTableProps<Row> = Omit<ListRowsProps<Row>, 'columns'> & { columns: Array<DeskColumn<Row>> };

/** A console record's values are long (names, numbers, reasons): each fact takes the card's whole width. */
export const wideOnPhone = <Row,>(columns: Array<DeskColumn<Row>>): Array<DeskColumn<Row>> =>
  columns.map((column) => ({ ...column, card: column.card ?? 'wide' }));

/** A console table (the shared list rows): a header row, one row a record; a card a record on a phone. */
export function DeskTable<Row>({ columns, ...rows }: DeskTableProps<Row>) {
  return <ListRows columns={wideOnPhone(columns)} {...rows} />;
}
