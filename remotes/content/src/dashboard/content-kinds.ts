import type { PermissionName } from '@shop/contracts';
import { t } from '../strings';

/** The two kinds of content this remote's dashboard manages. */
export type ContentKind = 'post' | 'podcast';

/** Per kind: API section, cache tag, permission, paths and labels (SPEC §2 dashboard routes). */
export const CONTENT_KINDS = {
  post: {
    section: 'posts',
    tag: 'Post',
    permission: 'manage-posts',
    listPath: '/dashboard/posts',
    addPath: '/dashboard/posts/add-post',
    title: t.posts,
    intro: t.dashboard.postsIntro,
    add: t.dashboard.addPost,
    edit: t.dashboard.editPost,
    saved: t.form.savedPost,
  },
  podcast: {
    section: 'podcasts',
    tag: 'Podcast',
    permission: 'manage-podcasts',
    listPath: '/dashboard/podcasts',
    addPath: '/dashboard/podcasts/add-podcast',
    title: t.podcasts,
    intro: t.dashboard.podcastsIntro,
    add: t.dashboard.addPodcast,
    edit: t.dashboard.editPodcast,
    saved: t.form.savedPodcast,
  },
} as const satisfies Record<ContentKind, { permission: PermissionName; tag: 'Post' | 'Podcast' } & Record<string, string>>;
