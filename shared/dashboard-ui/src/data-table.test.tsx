/** @jest-environment-options {"url": "http://127.0.0.1:25190"} */
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shop/test-utils';
import { DataTable } from './data-table';
import { BulkActionsBar } from './selection-controls';
import { useRowSelection } from './use-row-selection';

interface Row {
  id: number;
  title: string;
}

const PAGES: Row[][] = [
  [
    { id: 1, title: 'نوشته یکم' },
    { id: 2, title: 'نوشته دوم' },
    { id: 3, title: 'نوشته سوم' },
  ],
  [{ id: 4, title: 'نوشته چهارم' }],
];

/** A list page as a remote writes one: a table with selection and the bulk toolbar above it. */
function List({ onAct }: { onAct: (ids: number[]) => void }) {
  const [page, setPage] = useState(0);
  const rows = PAGES[page]!;
  const selection = useRowSelection(rows.map((row) => row.id));
  return (
    <>
      <button type="button" onClick={() => setPage(1 - page)}>
        صفحه دیگر
      </button>
      <BulkActionsBar selection={selection} actions={[{ label: 'انتشار', onClick: () => onAct(selection.selected) }]} />
      <DataTable
        label="نوشته‌ها"
        columns={['title']}
        labels={{ title: 'عنوان' }}
        rows={rows}
        rowKey={(row) => row.id}
        cell={(row) => row.title}
        isLoading={false}
        isFetching={false}
        selection={{ rows: selection, titleOf: (row) => row.title }}
      />
    </>
  );
}

describe('DataTable with row selection (issue 26)', () => {
  it('has a checkbox per row and «همه در این صفحه»; the toolbar counts the selected rows and acts on them', async () => {
    const user = userEvent.setup();
    const onAct = jest.fn();
    renderPage(<List onAct={onAct} />, { url: '/dashboard/posts' });
    const table = screen.getByRole('table', { name: 'نوشته‌ها' });
    const all = within(table).getByRole('checkbox', { name: 'همه در این صفحه' }) as HTMLInputElement;
    expect(screen.queryByRole('toolbar')).toBeNull();

    await user.click(within(table).getByRole('checkbox', { name: 'انتخاب «نوشته دوم»' }));
    expect(within(screen.getByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' })).getByText('۱ مورد انتخاب شده')).toBeTruthy();
    expect(all.checked).toBe(false);
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    expect(within(table).getByRole('checkbox', { name: 'انتخاب «نوشته دوم»' }).closest('tr')!.className).toContain('Mui-selected');

    await user.click(all);
    expect(all.checked).toBe(true);
    expect(screen.getByText('۳ مورد انتخاب شده')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'انتشار' }));
    expect(onAct).toHaveBeenCalledWith([1, 2, 3]);

    await user.click(all);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(within(table).queryAllByRole('checkbox', { checked: true })).toEqual([]);
  });

  it('counts only the rows on the page, and «لغو انتخاب» clears the selection', async () => {
    const user = userEvent.setup();
    renderPage(<List onAct={jest.fn()} />, { url: '/dashboard/posts' });
    await user.click(screen.getByRole('checkbox', { name: 'انتخاب «نوشته یکم»' }));
    await user.click(screen.getByRole('button', { name: 'صفحه دیگر' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'انتخاب «نوشته چهارم»' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'همه در این صفحه' }));
    expect(screen.getByText('۱ مورد انتخاب شده')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'لغو انتخاب' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
