import { ContentFormPage } from './content-form-page';

/** `/dashboard/podcasts/add-podcast` and `/dashboard/podcasts/:editPodcastId` (permission manage-podcasts). */
export default function PodcastFormPage() {
  return <ContentFormPage kind="podcast" idParam="editPodcastId" />;
}
