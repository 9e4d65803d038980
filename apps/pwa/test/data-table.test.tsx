import { DataTable, type DataTableProps, defineColumns } from '@simvisit/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

interface Person {
  id: number;
  name: string;
  age: number;
}

const people: Person[] = [
  { id: 1, name: 'Carmen', age: 41 },
  { id: 2, name: 'ana', age: 9 },
  { id: 3, name: 'Bruno', age: 100 },
];

const columns = defineColumns<Person>([
  { id: 'name', header: 'Name', value: (p) => p.name, sortable: true },
  { id: 'age', header: 'Age', value: (p) => p.age, sortable: true, align: 'end' },
  { id: 'note', header: 'Note', cell: (p) => <em>{`note of ${p.name}`}</em> },
]);

function table(props: Partial<DataTableProps<Person>> = {}) {
  return render(
    <DataTable
      caption="People"
      columns={columns}
      rows={people}
      getRowId={(p) => p.id}
      loadingLabel="Loading people"
      empty="Nobody yet"
      {...props}
    />,
  );
}

/** The first cell of each body row, top to bottom. */
const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('names the table by its caption and heads its columns for assistive technology', () => {
    table({ rowActions: (p) => <button type="button">{`Edit ${p.name}`}</button> });
    const grid = screen.getByRole('table', { name: 'People' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Age', 'Note', 'Actions']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    // Sortable headers say their order; the others say nothing.
    expect(headers[0]?.getAttribute('aria-sort')).toBe('none');
    expect(headers[2]?.hasAttribute('aria-sort')).toBe(false);
    expect(within(headers[3] as HTMLElement).getByText('Actions').className).toContain('sr-only');
    expect(screen.getByText('note of ana').tagName).toBe('EM');
    expect(firstColumn()).toEqual(['Carmen', 'ana', 'Bruno']);
  });

  it('shows the spinner while loading, the failure, and the empty words', () => {
    const { rerender } = table({ rows: undefined });
    expect(screen.getByRole('status').textContent).toBe('Loading people');
    expect(screen.queryByRole('table')).toBeNull();

    const props = { caption: 'People', columns, getRowId: (p: Person) => p.id, loadingLabel: 'Loading people', empty: 'Nobody yet' };
    rerender(<DataTable {...props} rows={undefined} error={{ title: 'People could not be loaded', message: 'Network down' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('People could not be loaded');
    expect(alert.textContent).toContain('Network down');
    expect(screen.queryByRole('table')).toBeNull();

    rerender(<DataTable {...props} rows={[]} />);
    expect(screen.getByRole('status').textContent).toBe('Nobody yet');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sorts by a header: text as a person reads it, numbers by size, and back', async () => {
    const user = userEvent.setup();
    table();
    const nameHeader = () => screen.getByRole('columnheader', { name: /Name/ });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(nameHeader().getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['ana', 'Bruno', 'Carmen']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(nameHeader().getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Carmen', 'Bruno', 'ana']);

    await user.click(screen.getByRole('button', { name: 'Age' }));
    expect(nameHeader().getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Age/ }).getAttribute('aria-sort')).toBe('ascending');
    // 9 < 41 < 100: by size, not as text.
    expect(firstColumn()).toEqual(['ana', 'Carmen', 'Bruno']);
  });

  it('hands a server-sorted header click to the caller and keeps the rows as they came', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    table({ sorting: { state: [{ id: 'age', desc: true }], onChange } });
    expect(screen.getByRole('columnheader', { name: /Age/ }).getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Carmen', 'ana', 'Bruno']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onChange).toHaveBeenCalledWith([{ id: 'name', desc: false }]);
  });

  it('pages the rows it has, with a choice of rows per page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, age: 20 + i }));
    table({ rows: many, paging: { pageSize: 5, pageSizes: [5, 10, 25], label: 'People pages' } });
    expect(firstColumn()).toEqual(['Person 1', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    const pager = screen.getByRole('navigation', { name: 'People pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(firstColumn()).toEqual(['Person 11', 'Person 12']);
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(firstColumn()).toHaveLength(12);
    expect(screen.queryByRole('navigation', { name: 'People pages' })).toBeNull();
  });

  it('shows the page it is given and asks the caller for another', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    table({ paging: { page: 2, pageCount: 4, onPageChange, label: 'People pages', summary: 'Total of 70 people' } });
    expect(firstColumn()).toEqual(['Carmen', 'ana', 'Bruno']);
    expect(screen.getByText('Total of 70 people')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('runs a row action for its own row, and a row click for the row', async () => {
    const user = userEvent.setup();
    const edit = vi.fn();
    const open = vi.fn();
    table({
      rowActions: (p) => (
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            edit(p.id);
          }}
        >{`Edit ${p.name}`}</button>
      ),
      onRowClick: (p) => open(p.id),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Bruno' }));
    expect(edit).toHaveBeenCalledWith(3);
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByText('Carmen'));
    expect(open).toHaveBeenCalledWith(1);
  });
});
