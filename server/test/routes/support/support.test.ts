import type { FastifyInstance } from 'fastify';
import type { Link, SiteInformation } from '@shop/contracts';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

describe.each(DB_TARGETS)('support API on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target);
  });
  afterAll(() => app.close());

  it('answers the site information with the switches on', async () => {
    const response = await app.inject({ url: '/api/site-information' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: SiteInformation }>();
    expect(data).toMatchObject({ comments_enabled: true, tickets_enabled: true, selling_enabled: true });
    expect(data.about_me).toContain('<p>');
    expect(data.terms_and_conditions).toContain('قوانین و مقررات');
  });

  it('filters links by type for the two FAQ tabs', async () => {
    const about = (await app.inject({ url: '/api/links?type=product-related-question' })).json<{ data: Link[] }>();
    expect(about.data.length).toBeGreaterThanOrEqual(4);
    expect(about.data.every((l) => l.type === 'product-related-question')).toBe(true);
    const other = (await app.inject({ url: '/api/links?type=question' })).json<{ data: Link[] }>();
    expect(other.data.length).toBeGreaterThanOrEqual(4);
    expect(other.data.every((l) => l.type === 'question')).toBe(true);
    const all = (await app.inject({ url: '/api/links' })).json<{ data: Link[] }>();
    expect(all.data.length).toBe(about.data.length + other.data.length + 3);
    const bad = await app.inject({ url: '/api/links?type=faq' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.type).toHaveLength(1);
  });
});
