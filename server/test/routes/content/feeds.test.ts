import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { convert } from 'xmlbuilder2';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

type XmlObject = Record<string, unknown>;

describe.each(DB_TARGETS)('RSS feeds on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Static serving on: the feed links to media that must answer too.
    app = await buildTestApp(target, { serveStatic: true, publicUrl: 'https://example.ir' });
  });
  afterAll(() => app.close());

  /** Parses the XML (throws when it is not well-formed) into an object. */
  const parse = (xml: string) => convert(xml, { format: 'object' }) as XmlObject;
  const channelOf = (xml: string) => ((parse(xml).rss as XmlObject).channel as XmlObject);

  it('answers well-formed RSS 2.0 of posts with absolute URLs from PUBLIC_URL, whatever the Host header', async () => {
    const response = await app.inject({ url: '/feeds/posts.xml', headers: { host: 'shop.test:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = channelOf(response.body);
    const items = channel.item as XmlObject[];
    expect(items).toHaveLength(12);
    expect(items[0]).toMatchObject({ title: 'یادداشت‌های یک سال کار از راه دور' });
    expect(String(items[0]!.link)).toMatch(/^https:\/\/example\.ir\/posts\/\d+$/);
    expect(String(items[0]!.pubDate)).toMatch(/GMT$/);
  });

  it('answers the podcast feed with enclosures and the iTunes tags, absolute from PUBLIC_URL', async () => {
    const response = await app.inject({ url: '/feeds/podcasts.xml', headers: { host: 'ignored.test' } });
    expect(response.statusCode).toBe(200);
    const xml = response.body;
    expect(xml).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    const channel = channelOf(xml);
    expect(channel['itunes:author']).toBeTruthy();
    expect(channel['itunes:explicit']).toBe('false');
    expect(channel['itunes:category']).toEqual({ '@text': 'Technology' });
    expect((channel['itunes:owner'] as XmlObject)['itunes:email']).toBe('super@example.com');
    const cover = String((channel['itunes:image'] as XmlObject)['@href']);
    expect(cover).toBe('https://example.ir/media/feeds/podcast-cover.png');
    // Apple's rule for the show's artwork: JPEG or PNG, square, 1400–3000 px.
    const image = await app.inject({ url: new URL(cover).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1400, height: 1400 });
    const items = channel.item as XmlObject[];
    expect(items).toHaveLength(6);
    const first = items[0]!;
    const enclosure = first.enclosure as XmlObject;
    expect(String(enclosure['@url'])).toMatch(/^https:\/\/example\.ir\/media\/seed\/audio\/podcast-\d\.ogg$/);
    expect(enclosure['@type']).toBe('audio/ogg');
    expect(Number(enclosure['@length'])).toBeGreaterThan(1000);
    expect(first['itunes:duration']).toMatch(/^00:00:\d\d$/);
    expect(String((first.guid as XmlObject)['#'])).toMatch(/^https:\/\/example\.ir\/podcasts\/\d+$/);
    expect(first.pubDate).toBeTruthy();
  });
});
