/**
 * The dashboard's shared scaffolding (SPEC §2 dashboard routes): page headers, tables with their
 * toolbar, row actions and filters, the edit pages' id and skeleton,
 * the «خروجی CSV» download of a list (issue 25), and row selection with bulk actions and
 * undoable delete (issue 26), undoable actions of every kind (issue 32 item 5), and email addresses
 * that break only before their «@» (issue 32 item 8).
 * Every remote's dashboard sections build on these, so they look and behave alike.
 */
export { DataTable } from './data-table';
export { PageHeader } from './page-header';
export { DashboardSection } from './dashboard-section';
export { EmailAddress } from './email-address';
export { ListToolbar } from './list-toolbar';
export { RowActions } from './row-actions';
export { FilterSelect, filterOf } from './filter-select';
export { FormSkeleton } from './form-skeleton';
export { useEditId } from './use-edit-id';
export { ExportCsvButton, exportUrl, type ExportParams } from './export-csv-button';
export { useRowSelection, type RowKey, type RowSelection } from './use-row-selection';
export { SelectAllCheckbox, SelectRowCheckbox, BulkActionsBar, type BulkAction } from './selection-controls';
export { useUndoableAction, UNDO_DELAY_MS, type ListPage, type ListQuery, type UndoableActionOptions } from './use-undoable-action';
export { useUndoableDelete, deleteOnList, type UndoableDeleteOptions } from './use-undoable-delete';
