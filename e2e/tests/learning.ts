import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, type Page } from '../test';
import { logIn, type Credentials } from './accounts';
import { readMail } from './outbox';

/** The demo course of issue 37: lessons, an assignment (its second session), a scheduled lesson and the final quiz. */
export const DEMO_COURSE = 'دوره مقدماتی جاوااسکریپت';

/** A session of a course as its page lists it. */
export interface CourseSession {
  id: number;
  kind: 'lesson' | 'quiz' | 'assignment';
  lock: object | null;
}

/**
 * Gives `buyer` the demo course as staff do (added to their account) and lifts the locks of its
 * scheduled sessions for them (its third lesson opens 7 days after purchase, issue 37 item 5), so a
 * new account can take every session today. Answers the course's id and its sessions.
 */
export async function ownDemoCourse(staff: APIRequestContext, buyer: { api: APIRequestContext; userId: number; credentials: { email: string } }): Promise<{ courseId: number; sessions: CourseSession[] }> {
  const courses = ((await (await buyer.api.get('/api/products?per_page=50')).json()) as { data: Array<{ id: number; title: string }> }).data;
  const courseId = courses.find(({ title }) => title === DEMO_COURSE)!.id;
  expect((await staff.post('/api/dashboard/financial-info/list-of-products-added-to-users', { data: { user_id: buyer.userId, product_id: courseId } })).status()).toBe(201);
  const sessionsOf = async () => ((await (await buyer.api.get(`/api/products/${courseId}`)).json()) as { data: { sessions: CourseSession[] } }).data.sessions;
  for (const { id } of (await sessionsOf()).filter(({ lock }) => lock !== null)) {
    expect((await staff.put(`/api/dashboard/product-sessions/${id}/unlocks`, { data: { buyer: buyer.credentials.email, opens_date: null, reason: 'آزمون e2e' } })).ok()).toBe(true);
  }
  return { courseId, sessions: await sessionsOf() };
}

/** Opens the link of `email`'s verification mail in the page: a course's sessions ask for a verified email. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  const mail = await readMail(email, /verification\?token=/);
  await page.goto(/(https?:\/\/\S+\/verification\?token=[^\s"<]+)/.exec(mail.text ?? '')![1]!);
  await expect(page.getByRole('heading', { name: 'ایمیل شما تأیید شد' })).toBeVisible();
}

/**
 * Waits for the session page's island to hydrate: it is server-rendered for its buyer, and a click
 * on its buttons before the page's script has attached would do nothing.
 */
export async function sessionHydrated(page: Page): Promise<void> {
  await expect(page.locator(`[data-island*='"island":"ProductSession"']`)).toHaveAttribute('data-hydrated', '');
}

/**
 * A new browser window (1280×900) signed in as the buyer of `credentials`, their email verified,
 * on session `sessionId` of course `courseId` once its island has hydrated.
 */
export async function openSessionAsBuyer(browser: Browser, credentials: Credentials, courseId: number, sessionId: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(page, credentials);
  await verifyEmail(page, credentials.email);
  await page.goto(`/products/${courseId}/${sessionId}`);
  await sessionHydrated(page);
  return page;
}
