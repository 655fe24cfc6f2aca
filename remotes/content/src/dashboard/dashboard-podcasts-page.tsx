import { ContentAdminList } from './content-admin-list';

/** `/dashboard/podcasts` (permission manage-podcasts): the podcasts table. */
export default function DashboardPodcastsPage() {
  return <ContentAdminList kind="podcast" />;
}
