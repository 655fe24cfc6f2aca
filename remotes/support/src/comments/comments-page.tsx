import type { CommentBulkAction, CommentModerationStatus, DashboardComment } from '@shop/contracts';
import { DebouncedSearchBox, EmptyState, ListPagination, RefetchBar } from '@shop/content-ui';
import { BulkActionsBar, ExportCsvButton, SelectAllCheckbox, useRowSelection, useUndoableDelete, type BulkAction } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { Box, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Tab, Tabs } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { COMMENTS_EXPORT, useGetDashboardCommentsQuery, useModerateCommentsMutation } from './comments-api';
import { COMMENT_SECTIONS, MODERATION_STATUSES, sectionPath } from './comment-sections';
import { CommentCard } from './comment-card';
import { useCommentsParams } from './use-comments-params';
import { t } from '../strings';

const PER_PAGE = 10;

/**
 * `/dashboard/comments` and its sub-pages `/posts`, `/podcasts`, `/product-sessions`,
 * `/products` (SPEC §2, permission `show-comments`): the comments to moderate, filtered by
 * content type (the route), status, search text and page (the URL's `status`, `q`, `page`).
 * Rows can be selected («همه در این صفحه») and approved, rejected or deleted together (issue 26);
 * a delete, of one or many, can be undone for 10 seconds before it is sent. «خروجی CSV» downloads
 * every comment of the type, status and search (issue 26).
 */
export default function CommentsPage() {
  const { section, status, q, page, setStatus, setQuery, setPage } = useCommentsParams();
  const { data, isLoading, isFetching } = useGetDashboardCommentsQuery({ type: section.type, status, q, page, per_page: PER_PAGE });
  const [moderate, moderating] = useModerateCommentsMutation();
  const deletion = useUndoableDelete({
    keyOf: (comment: DashboardComment) => comment.id,
    send: (chosen) => moderate({ action: 'delete', comments: chosen }).unwrap(),
    message: (chosen) => t.comments.deleted(formatNumber(chosen.length)),
  });
  const comments = (data?.data ?? []).filter((comment) => !deletion.isHidden(comment.id));
  const selection = useRowSelection(comments.map((comment) => comment.id));
  const chosen = () => comments.filter((comment) => selection.isSelected(comment.id));
  const act = async (action: Exclude<CommentBulkAction, 'delete'>) => {
    const result = await moderate({ action, comments: chosen() });
    if ('data' in result && result.data) {
      enqueueSnackbar(result.data.message, { variant: 'success' });
      selection.clear();
    }
  };
  const actions: BulkAction[] = [
    ...(status !== 'approved' ? [{ label: t.comments.approve, color: 'success' as const, onClick: () => void act('approve') }] : []),
    ...(status !== 'rejected' ? [{ label: t.comments.reject, color: 'warning' as const, onClick: () => void act('reject') }] : []),
    {
      label: t.comments.delete,
      color: 'error',
      onClick: () => {
        deletion.remove(chosen());
        selection.clear();
      },
    },
  ];
  // Switching the type keeps the status and search, and starts at page 1.
  const keep = new URLSearchParams({ ...(status !== 'pending' ? { status } : {}), ...(q ? { q } : {}) }).toString();

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t.comments.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.comments.intro}
      </Typography>

      <Box component="nav" aria-label={t.comments.typeTabs} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={section.segment} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t.comments.typeTabs}>
          {COMMENT_SECTIONS.map((candidate) => (
            <Tab
              key={candidate.segment}
              value={candidate.segment}
              label={t.comments.types[candidate.segment || 'all']}
              component={Link}
              to={`${sectionPath(candidate)}${keep ? `?${keep}` : ''}`}
            />
          ))}
        </Tabs>
      </Box>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          aria-label={t.comments.statusFilter}
          onChange={(_, next: CommentModerationStatus | null) => next && setStatus(next)}
          sx={{ flexWrap: 'wrap' }}
        >
          {MODERATION_STATUSES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2 }}>
              {t.comments.status[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
          <DebouncedSearchBox value={q} onSearch={setQuery} label={t.comments.search} placeholder={t.comments.searchPlaceholder} />
          <ExportCsvButton path={COMMENTS_EXPORT} params={{ type: section.type, status, q }} of={t.comments.title} />
        </Stack>
      </Stack>

      <Box sx={{ position: 'relative', minHeight: 4, mb: 1 }}>
        <RefetchBar shown={isFetching} />
      </Box>
      {data && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <SelectAllCheckbox selection={selection} disabled={comments.length === 0} showLabel />
          <Typography color="text.secondary" role="status">
            {t.comments.total(formatNumber(data.meta.total - (data.data.length - comments.length)))}
          </Typography>
        </Stack>
      )}
      <BulkActionsBar selection={selection} actions={actions} pending={moderating.isLoading} />

      {isLoading ? (
        <Stack spacing={2} useFlexGap>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={160} />
          ))}
        </Stack>
      ) : data && comments.length === 0 ? (
        <EmptyState text={q ? t.comments.noMatch : t.comments.empty[status]} />
      ) : (
        <Stack spacing={2} useFlexGap aria-busy={isFetching} sx={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}>
          {comments.map((comment) => (
            <CommentCard key={comment.id} comment={comment} selection={selection} onDelete={() => deletion.remove([comment])} />
          ))}
        </Stack>
      )}
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}
