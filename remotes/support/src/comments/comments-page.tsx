import type { CommentBulkAction, CommentModerationStatus } from '@shop/contracts';
import { DebouncedSearchBox, EmptyState, ListPagination, RefetchBar } from '@shop/content-ui';
import { BulkActionsBar, ExportCsvButton, SelectAllCheckbox, useRowSelection, useUndoableAction, type BulkAction } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { Box, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@shop/ui-kit';
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
 * each of those, and the delete of one, can be undone for 10 seconds before it is sent (issue 32
 * item 5). «خروجی CSV» downloads every comment of the type, status and search (issue 26).
 */
export default function CommentsPage() {
  const { section, status, q, page, setStatus, setQuery, setPage } = useCommentsParams();
  const query = useGetDashboardCommentsQuery({ type: section.type, status, q, page, per_page: PER_PAGE });
  const { data, isLoading, isFetching } = query;
  const [moderate, moderating] = useModerateCommentsMutation();
  // Approve and reject take the rows out of this status's list, as a delete does: all three wait for «بازگردانی».
  const moderation = useUndoableAction({
    query,
    keyOf: (comment) => comment.id,
    send: (chosen, action: CommentBulkAction) => moderate({ action, comments: chosen }).unwrap(),
    message: (chosen, action) => t.comments.bulkDone[action](formatNumber(chosen.length)),
  });
  const comments = moderation.list?.data ?? [];
  const selection = useRowSelection(comments.map((comment) => comment.id));
  const act = (action: CommentBulkAction) => {
    moderation.run(comments.filter((comment) => selection.isSelected(comment.id)), action);
    selection.clear();
  };
  const actions: BulkAction[] = [
    ...(status !== 'approved' ? [{ label: t.comments.approve, color: 'success' as const, onClick: () => act('approve') }] : []),
    ...(status !== 'rejected' ? [{ label: t.comments.reject, color: 'warning' as const, onClick: () => act('reject') }] : []),
    { label: t.comments.delete, color: 'error', onClick: () => act('delete') },
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
      {moderation.list && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <SelectAllCheckbox selection={selection} disabled={comments.length === 0} showLabel />
          <Typography color="text.secondary" role="status">
            {t.comments.total(formatNumber(moderation.list.meta.total))}
          </Typography>
        </Stack>
      )}
      <BulkActionsBar selection={selection} actions={actions} pending={moderating.isLoading} />
      {moderation.refusal}

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
            <CommentCard key={comment.id} comment={comment} selection={selection} onDelete={() => moderation.run([comment], 'delete')} />
          ))}
        </Stack>
      )}
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}
