import { execFileSync } from 'node:child_process';
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

/** What a course or session is called, and what it says (HTML), as staff's form sends them. */
export interface Titled {
  title: string;
  slug: string;
  description: string;
}

/**
 * A new active course of staff's (100 000 tomans, a cover ffmpeg makes) with one lesson, through
 * the dashboard API as its forms send them. Answers their ids.
 */
export async function newCourseWithLesson(staff: APIRequestContext, course: Titled, lesson: Titled): Promise<{ productId: number; sessionId: number }> {
  const cover = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=teal:s=640x360', '-frames:v', '1', '-c:v', 'png', '-f', 'image2pipe', '-']);
  const created = await staff.post('/api/dashboard/products', {
    multipart: {
      ...course,
      price: '100000',
      is_active: 'true',
      product_status: 'in-progress',
      comment_status: 'open',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { id: number } }).data.id;
  const session = await staff.post('/api/dashboard/product-sessions', {
    multipart: { ...lesson, product_id: String(productId), position: '1', is_free_preview: 'false', is_active: 'true', kind: 'lesson', comment_status: 'open' },
  });
  expect(session.status(), await session.text()).toBe(201);
  return { productId, sessionId: ((await session.json()) as { data: { id: number } }).data.id };
}

/**
 * Super uploads `file` as session `sessionId`'s lesson on its edit page, in a new browser window
 * (1280×900), and waits until the page says it is processed (`ready`, within `timeout` ms).
 * Answers that window.
 */
export async function uploadLessonAsStaff(browser: Browser, sessionId: number, file: string, ready: RegExp, timeout: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(page, 'super');
  await page.goto(`/dashboard/product-sessions/${sessionId}`);
  const lesson = page.getByRole('region', { name: 'فایل درس' });
  await lesson.locator('input[type=file]').setInputFiles(file);
  await expect(lesson.getByText(ready)).toBeVisible({ timeout });
  return page;
}
