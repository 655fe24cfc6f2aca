import { formatNumber } from '@shop/format';
import { Button, Paper, Stack, Typography } from '@shop/ui-kit';
import { Checkbox } from '@shop/ui-kit/lazy';
import type { RowKey, RowSelection } from './use-row-selection';
import { t } from './strings';

/** The header checkbox of a list page: «همه در این صفحه», indeterminate when some rows are selected (issue 26). */
export function SelectAllCheckbox({ selection, disabled, showLabel = false }: { selection: RowSelection; disabled?: boolean; showLabel?: boolean }) {
  const box = (
    <Checkbox
      size="small"
      checked={selection.allSelected}
      indeterminate={selection.someSelected}
      disabled={disabled}
      onChange={selection.toggleAll}
      slotProps={{ input: { 'aria-label': t.selectAll } }}
    />
  );
  if (!showLabel) return box;
  return (
    <Stack component="label" direction="row" sx={{ alignItems: 'center', cursor: 'pointer' }}>
      {box}
      <Typography component="span" variant="body2" aria-hidden>
        {t.selectAll}
      </Typography>
    </Stack>
  );
}

/** The checkbox of one row, named after it («انتخاب «…»») (issue 26). */
export function SelectRowCheckbox<K extends RowKey>({ selection, rowKey, title }: { selection: RowSelection<K>; rowKey: K; title: string }) {
  return (
    <Checkbox
      size="small"
      checked={selection.isSelected(rowKey)}
      onChange={() => selection.toggle(rowKey)}
      slotProps={{ input: { 'aria-label': t.selectRow(title) } }}
    />
  );
}

/** One button of a {@link BulkActionsBar}. */
export interface BulkAction {
  label: string;
  onClick: () => void;
  color?: 'primary' | 'success' | 'warning' | 'error';
}

/**
 * The toolbar of a list's selected rows (issue 26, react-admin's bulk actions toolbar): how many
 * are selected («۳ مورد انتخاب شده»), the `actions`, and «لغو انتخاب». Shown only while at least
 * one row is selected; `pending` disables the buttons while an action runs.
 */
export function BulkActionsBar({ selection, actions, pending = false }: { selection: RowSelection; actions: BulkAction[]; pending?: boolean }) {
  if (selection.selected.length === 0) return null;
  return (
    <Paper
      role="toolbar"
      aria-label={t.bulkActions}
      variant="outlined"
      sx={{ px: 2, py: 1, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', bgcolor: 'action.selected' }}
    >
      <Typography role="status" sx={{ fontWeight: 700, flexGrow: 1 }}>
        {t.selectedCount(formatNumber(selection.selected.length))}
      </Typography>
      {actions.map((action) => (
        <Button key={action.label} size="small" variant="contained" color={action.color ?? 'primary'} disabled={pending} onClick={action.onClick}>
          {action.label}
        </Button>
      ))}
      <Button size="small" disabled={pending} onClick={selection.clear}>
        {t.clearSelection}
      </Button>
    </Paper>
  );
}
