import { ContentAdminList } from './content-admin-list';

/** `/dashboard/posts` (permission manage-posts): the posts table. */
export default function DashboardPostsPage() {
  return <ContentAdminList kind="post" />;
}
