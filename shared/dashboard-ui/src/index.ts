/**
 * The dashboard's shared scaffolding (SPEC §2 dashboard routes): page headers, tables with their
 * toolbar, row actions and filters, the edit pages' id and skeleton, and delete after confirmation.
 * Every remote's dashboard sections build on these, so they look and behave alike.
 */
export { DataTable } from './data-table';
export { PageHeader } from './page-header';
export { ListToolbar } from './list-toolbar';
export { RowActions } from './row-actions';
export { FilterSelect, filterOf } from './filter-select';
export { FormSkeleton } from './form-skeleton';
export { useEditId } from './use-edit-id';
export { useConfirmedDelete } from './use-confirmed-delete';
