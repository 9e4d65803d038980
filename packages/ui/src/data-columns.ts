import type { ReactNode } from 'react';

/** What a column sorts by and what a spreadsheet cell holds: text, a number, a date or nothing. */
export type ColumnValue = string | number | boolean | Date | null | undefined;

/**
 * One column of an admin list, declared once for the screen (`DataTable`) and for the spreadsheet
 * (`buildXlsx`): the header, how a cell shows, and the plain value it sorts and exports by.
 */
export interface DataColumn<Row> {
  /** Unique within the table; the sorting state names it. */
  id: string;
  /** The header's words; also the spreadsheet's header. */
  header: string;
  /** Read only by assistive technology (an Actions column, a Photo column). */
  headerHidden?: boolean;
  /** The plain value of the cell: what sorting compares and, unless `exportValue` says otherwise, what is exported. */
  value?: (row: Row) => ColumnValue;
  /** How the cell shows; without it the value shows as text. */
  cell?: (row: Row) => ReactNode;
  /** Sorting by this column's `value` is offered in its header. */
  sortable?: boolean;
  /** The cell's value in a spreadsheet when it differs from `value`; `false` leaves the column out of exports. */
  exportValue?: ((row: Row) => ColumnValue) | false;
  /** Numbers and money line up on the right. */
  align?: 'start' | 'end';
  /** Classes of the body cells (emphasis, width, wrapping). */
  className?: string;
}

/** Columns as one table of a screen declares them, checked against the row type. */
export function defineColumns<Row>(columns: readonly DataColumn<Row>[]): readonly DataColumn<Row>[] {
  return columns;
}

/** The text a cell shows when the column declares only a value. */
export function columnText(value: ColumnValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
