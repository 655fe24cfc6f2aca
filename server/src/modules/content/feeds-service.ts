/**
 * RSS 2.0 feeds of posts and podcasts (issue 3 "GET /feeds/*.xml"), built with xmlbuilder2. The
 * podcast feed carries the iTunes tags Apple requires; every URL is absolute from `origin`.
 */
import path from 'node:path';
import sharp from 'sharp';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Db } from '../../db/client';
import { htmlToText } from '../../lib/html';
import { CONTENT_MESSAGES } from './messages';
import { mediaTypeOf, type FileStorage } from '../../lib/storage';
import { SERVER_ROOT } from '../../settings';
import { listPodcasts } from './podcasts-service';
import { listPosts } from './posts-service';

/** Items per feed (newest first). */
export const FEED_ITEMS = 50;
const ITUNES_NS = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** Who the podcast feed names as owner and author (env FEED_OWNER_EMAIL, FEED_AUTHOR). */
export interface FeedOwner {
  email: string;
  name: string;
}

/** The show's cover art, a committed square SVG. */
const COVER_SVG = path.join(SERVER_ROOT, 'assets', 'podcast-cover.svg');
/** Storage key of the rendered cover. */
const COVER_KEY = 'feeds/podcast-cover.png';
/** Side of the rendered cover in pixels: Apple wants a JPEG or PNG of 1400–3000 px. */
export const PODCAST_COVER_SIZE = 1400;
const covers = new WeakMap<FileStorage, Promise<string>>();

/**
 * The public path of the show's cover (`itunes:image`): the SVG art rendered once per store
 * to a {@link PODCAST_COVER_SIZE}-pixel PNG, since episode images are WebP or SVG.
 */
export function podcastCover(storage: FileStorage): Promise<string> {
  let cover = covers.get(storage);
  if (!cover) {
    cover = sharp(COVER_SVG)
      .resize(PODCAST_COVER_SIZE, PODCAST_COVER_SIZE)
      .png()
      .toBuffer()
      .then((png) => storage.put(COVER_KEY, png));
    cover.catch(() => covers.delete(storage));
    covers.set(storage, cover);
  }
  return cover;
}

/** `HH:MM:SS` of a length in seconds (itunes:duration). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

function channel(origin: string, selfPath: string, title: string, description: string, itunes: boolean): XMLBuilder {
  const rss = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
    version: '2.0',
    'xmlns:atom': ATOM_NS,
    ...(itunes ? { 'xmlns:itunes': ITUNES_NS } : {}),
  });
  return rss
    .ele('channel')
    .ele('title').txt(title).up()
    .ele('link').txt(`${origin}/`).up()
    .ele('description').txt(description).up()
    .ele('language').txt('fa').up()
    .ele('atom:link', { href: `${origin}${selfPath}`, rel: 'self', type: 'application/rss+xml' }).up();
}

function excerpt(html: string): string {
  const text = htmlToText(html);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** RSS 2.0 of the newest active posts. */
export async function buildPostsFeed(db: Db, origin: string): Promise<string> {
  const { data } = await listPosts(db, { per_page: FEED_ITEMS, filter: 'newest' });
  const ch = channel(origin, '/feeds/posts.xml', CONTENT_MESSAGES.feedPostsTitle, CONTENT_MESSAGES.feedPostsDescription, false);
  for (const post of data) {
    const link = `${origin}/posts/${post.id}`;
    ch.ele('item')
      .ele('title').txt(post.title).up()
      .ele('link').txt(link).up()
      .ele('guid', { isPermaLink: 'true' }).txt(link).up()
      .ele('pubDate').txt(new Date(post.created_at).toUTCString()).up()
      .ele('description').txt(excerpt(post.description)).up();
  }
  return ch.end({ prettyPrint: true });
}

/** RSS 2.0 + iTunes of the newest active podcasts with their audio as enclosures. */
export async function buildPodcastsFeed(
  db: Db,
  storage: FileStorage,
  origin: string,
  owner: FeedOwner,
): Promise<string> {
  const { data } = await listPodcasts(db, { per_page: FEED_ITEMS, filter: 'newest' });
  const ch = channel(origin, '/feeds/podcasts.xml', CONTENT_MESSAGES.feedPodcastsTitle, CONTENT_MESSAGES.feedPodcastsDescription, true);
  const cover = await podcastCover(storage);
  ch.ele('itunes:author').txt(owner.name).up()
    .ele('itunes:owner').ele('itunes:name').txt(owner.name).up().ele('itunes:email').txt(owner.email).up().up()
    .ele('itunes:category', { text: 'Technology' }).up()
    .ele('itunes:explicit').txt('false').up();
  ch.ele('itunes:image', { href: `${origin}${cover}` }).up();
  for (const podcast of data) {
    if (!podcast.file) continue;
    const link = `${origin}/podcasts/${podcast.id}`;
    const type = mediaTypeOf(podcast.file);
    const item = ch
      .ele('item')
      .ele('title').txt(podcast.title).up()
      .ele('link').txt(link).up()
      .ele('guid', { isPermaLink: 'true' }).txt(link).up()
      .ele('pubDate').txt(new Date(podcast.created_at).toUTCString()).up()
      .ele('description').txt(excerpt(podcast.description)).up()
      .ele('enclosure', {
        url: `${origin}${podcast.file}`,
        length: String((await storage.sizeOf(podcast.file)) ?? 0),
        type: type.startsWith('audio/') ? type : 'audio/mpeg',
      })
      .up()
      .ele('itunes:explicit').txt('false').up();
    if (podcast.duration_seconds !== null) item.ele('itunes:duration').txt(formatDuration(podcast.duration_seconds)).up();
    if (podcast.image) item.ele('itunes:image', { href: `${origin}${podcast.image}` }).up();
  }
  return ch.end({ prettyPrint: true });
}
