import { Link } from '@shop/router';
import { Icon, IconButton, Stack } from '@shop/ui-kit';
import { Tooltip } from '@shop/ui-kit/lazy';
import { t } from './strings';

/** The edit link and the delete button of a dashboard row, named after the item («ویرایش «…»», «حذف «…»»). */
export function RowActions({ title, editTo, onDelete }: { title: string; editTo: string; onDelete: () => void }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={t.edit(title)}>
        <IconButton component={Link} to={editTo} aria-label={t.edit(title)} size="small">
          <Icon name="Edit" fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.remove(title)}>
        <IconButton onClick={onDelete} aria-label={t.remove(title)} size="small" color="error">
          <Icon name="Delete" fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
