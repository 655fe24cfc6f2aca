import { useState } from 'react';
import { ConfirmDialog, DebouncedSearchBox, ListPagination, SortableTableHead, TableSkeletonRows, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import {
  Box,
  Button,
  Icon,
  IconButton,
  Link as MuiLink,
  Paper,
  Stack,
  Typography,
  enqueueSnackbar,
} from '@shop/ui-kit';
import {
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Tooltip,
} from '@shop/ui-kit/lazy';
import { useDeleteAdminContentMutation, useGetAdminContentListQuery, type AdminContent } from './content-admin-api';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';
import { t } from '../strings';

const PER_PAGE = 15;
const COLUMNS = ['title', 'is_active', 'comment_status', 'likes_count', 'created_at', 'actions'] as const;
/** Columns the dashboard lists sort by (the API's `sort` names); newest first by default. */
const SORTABLE_COLUMNS = ['title', 'likes_count', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';


/**
 * A dashboard list of posts or podcasts (SPEC §2): search (debounced, `q`), sortable columns
 * (`sort`) and pages (`page`) in the URL; active flag and comment status; edit link; delete
 * after a confirmation dialog.
 */
export function ContentAdminList({ kind }: { kind: ContentKind }) {
  const config = CONTENT_KINDS[kind];
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE_COLUMNS, DEFAULT_SORT);
  const { data, isLoading, isFetching } = useGetAdminContentListQuery({ kind, page, per_page: PER_PAGE, q, sort: sortParam });
  const [remove, { isLoading: removing }] = useDeleteAdminContentMutation();
  const [toDelete, setToDelete] = useState<AdminContent | null>(null);
  const items = data?.data ?? [];

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const answer = await remove({ kind, id: toDelete.id }).unwrap();
      enqueueSnackbar(answer?.message ?? t.dashboard.deleted, { variant: 'success' });
    } catch {
      // The shell's error catalogue shows the failure (SPEC §8).
    }
    setToDelete(null);
  };

  const cell = (item: AdminContent, key: (typeof COLUMNS)[number]) => {
    switch (key) {
      case 'title':
        return (
          <MuiLink component={Link} to={`${config.listPath}/${item.id}`} underline="hover" sx={{ fontWeight: 500 }}>
            {item.title}
          </MuiLink>
        );
      case 'is_active':
        return <Chip size="small" color={item.is_active ? 'success' : 'default'} label={item.is_active ? t.dashboard.active : t.dashboard.inactive} />;
      case 'comment_status':
        return (
          <Chip
            size="small"
            variant="outlined"
            color={item.comment_status === 'open' ? 'primary' : 'default'}
            label={item.comment_status === 'open' ? t.dashboard.commentsOpen : t.dashboard.commentsClosed}
          />
        );
      case 'likes_count':
        return formatNumber(item.likes_count);
      case 'created_at':
        return <time dateTime={item.created_at}>{formatJalaliDate(item.created_at)}</time>;
      case 'actions':
        return (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title={t.dashboard.edit(item.title)}>
              <IconButton component={Link} to={`${config.listPath}/${item.id}`} aria-label={t.dashboard.edit(item.title)} size="small">
                <Icon name="Edit" fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t.dashboard.remove(item.title)}>
              <IconButton onClick={() => setToDelete(item)} aria-label={t.dashboard.remove(item.title)} size="small" color="error">
                <Icon name="Delete" fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        );
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {config.title}
        </Typography>
        <Button component={Link} to={config.addPath} variant="contained" startIcon={<Icon name="Add" />}>
          {config.add}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {config.intro}
      </Typography>
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.dashboard.search} placeholder={t.dashboard.searchPlaceholder} />
        {data && (
          <Typography color="text.secondary" role="status">
            {t.dashboard.total(formatNumber(data.meta.total))}
          </Typography>
        )}
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
        {isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, insetInline: 0 }} />}
        <Table size="small" aria-label={config.title} sx={{ minWidth: 720, '& td, & th': { whiteSpace: 'nowrap' } }}>
          <SortableTableHead columns={COLUMNS} labels={t.dashboard.columns} sortable={SORTABLE_COLUMNS} sort={sort} onSort={toggleSort} />
          <TableBody>
            {isLoading
              ? <TableSkeletonRows columns={COLUMNS.length} />
              : items.map((item) => (
                  <TableRow key={item.id} hover>
                    {COLUMNS.map((key) => (
                      <TableCell key={key}>{cell(item, key)}</TableCell>
                    ))}
                  </TableRow>
                ))}
            {data && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {t.dashboard.empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination meta={data?.meta} onChange={setPage} />
      <ConfirmDialog
        open={!!toDelete}
        title={t.dashboard.deleteTitle}
        text={toDelete ? t.dashboard.deleteText(toDelete.title) : ''}
        confirmLabel={t.dashboard.confirmDelete}
        pending={removing}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
