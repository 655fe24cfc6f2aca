import type { ReactNode } from 'react';
import type { Announcement } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, ListToolbar, PageHeader, RowActions, useUndoableDelete } from '@shop/dashboard-ui';
import { formatJalaliDate } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink, Stack } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { useDeleteAnnouncementMutation, useGetDashboardAnnouncementsQuery } from './announcements-api';
import { PATHS } from '../paths';
import { t } from '../strings';

const PER_PAGE = 15;
const COLUMNS = ['title', 'status', 'expired_at', 'actions'] as const;

/**
 * `/dashboard/announcements` (SPEC §2, permission `manage-announcements`): every announcement,
 * newest first, with its status, its expiry in Jalali date and time and «منقضی‌شده» once it has
 * passed; the page in the URL; add, edit (an expired one opens read only) and delete, which waits
 * 10 seconds for «بازگردانی» before it is sent (issue 32 item 5).
 */
export default function AnnouncementsPage() {
  const [params, update] = useUrlParams();
  const page = pageOf(params);
  const query = useGetDashboardAnnouncementsQuery({ page, per_page: PER_PAGE });
  const { data, isLoading, isFetching } = query;
  const [remove] = useDeleteAnnouncementMutation();
  const deletion = useUndoableDelete({
    query,
    send: (announcement) => remove(announcement.id).unwrap(),
    message: (announcement) => t.announcements.deletedOf(announcement.title),
  });

  const cell = (announcement: Announcement, column: (typeof COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'title':
        return (
          <MuiLink component={Link} to={PATHS.editAnnouncement(announcement.id)} underline="hover" sx={{ fontWeight: 500 }}>
            {announcement.title}
          </MuiLink>
        );
      case 'status':
        return (
          <Chip
            size="small"
            color={announcement.status === 'active' ? 'success' : 'default'}
            label={t.announcements.status[announcement.status]}
          />
        );
      case 'expired_at':
        return (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
            <time dateTime={announcement.expired_at}>{formatJalaliDate(announcement.expired_at, { withTime: true })}</time>
            {announcement.is_expired && <Chip size="small" variant="outlined" color="warning" label={t.announcements.expired} />}
          </Stack>
        );
      case 'actions':
        return <RowActions title={announcement.title} editTo={PATHS.editAnnouncement(announcement.id)} onDelete={() => deletion.remove(announcement)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.announcements.title} intro={t.announcements.intro} add={{ label: t.announcements.add, to: PATHS.addAnnouncement }} />
      <ListToolbar total={deletion.list?.meta.total} totalLabel={t.announcements.total} />
      {deletion.refusal}
      <DataTable
        label={t.announcements.title}
        columns={COLUMNS}
        labels={t.announcements.columns}
        rows={deletion.list?.data}
        rowKey={(announcement) => announcement.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.announcements.empty}
        minWidth={640}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
