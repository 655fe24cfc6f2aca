import type { DashboardProductSession } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { Chip } from '@shop/ui-kit/lazy';
import { CatalogListPage } from './catalog-list-page';
import { useDeleteAdminSessionMutation, useGetAdminSessionsQuery } from './catalog-admin-api';
import { CATALOG_PATHS } from './catalog-paths';
import { t } from '../../strings';

const COLUMNS = ['title', 'product_title', 'position', 'is_free_preview', 'is_active', 'likes_count', 'created_at', 'actions'] as const;
const SORTABLE = ['title', 'position', 'likes_count', 'created_at'] as const;

/**
 * `/dashboard/product-sessions` (manage-product-sessions, SPEC §2): every course's sessions with
 * search, sortable columns and pages in the URL; course, position, free-preview and active flags,
 * likes, Jalali date; edit link and undoable delete (issue 32 item 5).
 */
export default function DashboardSessionsPage() {
  const [remove] = useDeleteAdminSessionMutation();
  return (
    <CatalogListPage<DashboardProductSession, 'product_title' | 'position' | 'is_free_preview', (typeof SORTABLE)[number]>
      title={t.dashboard.sessions}
      intro={t.dashboard.sessionsIntro}
      add={{ label: t.dashboard.addSession, to: CATALOG_PATHS.addSession }}
      columns={COLUMNS}
      labels={t.dashboard.sessionColumns}
      sortable={SORTABLE}
      useList={useGetAdminSessionsQuery}
      remove={(session) => remove(session.id).unwrap()}
      deletedText={(session) => t.dashboard.sessionDeleted(session.title)}
      editPath={(session) => `${CATALOG_PATHS.sessions}/${session.id}`}
      cell={(session, column) => {
        switch (column) {
          case 'product_title':
            return session.product_title;
          case 'position':
            return formatNumber(session.position);
          case 'is_free_preview':
            return (
              <Chip
                size="small"
                variant="outlined"
                color={session.is_free_preview ? 'primary' : 'default'}
                label={session.is_free_preview ? t.dashboard.freePreview : t.dashboard.locked}
              />
            );
        }
      }}
    />
  );
}
