import { ContentFormPage } from './content-form-page';

/** `/dashboard/posts/add-post` and `/dashboard/posts/:editPostId` (permission manage-posts). */
export default function PostFormPage() {
  return <ContentFormPage kind="post" idParam="editPostId" />;
}
