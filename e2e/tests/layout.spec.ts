import { expect, test, type Page } from '../test';
import { logIn } from './accounts';
import { dashboardPages, open } from './dashboard-pages';

/**
 * What overflows its box in `main` (issue 22 item 13), as readable lines: the main area or a
 * table's container that scrolls sideways, a table cell outside its container, a column whose
 * name is nowhere to be seen beside its value (neither its header nor a label in the cell).
 */
function overflowsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const main = document.querySelector('main')!;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')} «${(el.textContent ?? '').trim().slice(0, 30)}»`;
    if (main.scrollWidth > main.clientWidth + 1) problems.push(`main scrolls: ${main.scrollWidth} > ${main.clientWidth}`);
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`page scrolls: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    const box = main.getBoundingClientRect();
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    for (const el of main.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).position === 'fixed') continue;
      // Visually hidden text (a 1 px clip) is no fault.
      if (rect.width <= 1 && rect.height <= 1) continue;
      // A box that scrolls sideways is a fault, but for a row of tabs, which has its own scroll buttons,
      // and a switch, whose invisible input is wider than its track on purpose (MUI's hit area).
      // A text cut short on purpose («…») is no overflow either.
      const cut = getComputedStyle(el).textOverflow === 'ellipsis';
      if (clips(el) && !cut && el.scrollWidth > el.clientWidth + 1 && !el.closest('.MuiTabs-root, .MuiSwitch-root')) problems.push(`scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
      // What a clipping ancestor inside main holds is that ancestor's matter (checked above).
      let clipped = false;
      for (let up = el.parentElement; up && up !== main; up = up.parentElement) clipped ||= clips(up);
      if (!clipped && (rect.left < box.left - 1 || rect.right > box.right + 1)) problems.push(`outside main (${Math.round(rect.left)}–${Math.round(rect.right)} of ${Math.round(box.left)}–${Math.round(box.right)}): ${describe(el)}`);
    }
    for (const table of main.querySelectorAll('table')) {
      const container = table.parentElement!;
      if (container.scrollWidth > container.clientWidth + 1) problems.push(`table «${table.getAttribute('aria-label')}» scrolls: ${container.scrollWidth} > ${container.clientWidth}`);
      const frame = container.getBoundingClientRect();
      const ths = [...(table.tHead?.querySelectorAll('th') ?? [])];
      const headers = ths.map((th) => (th.textContent ?? '').trim());
      for (const row of table.tBodies[0]?.rows ?? []) {
        if (row.cells.length !== headers.length) continue; // a detail or empty row spans the table
        // As a table row its header names each column; as a card (cells stacked) each cell must.
        const card = getComputedStyle(row).display !== 'table-row';
        [...row.cells].forEach((cell, index) => {
          const rect = cell.getBoundingClientRect();
          if (rect.left < frame.left - 1 || rect.right > frame.right + 1) problems.push(`cell «${headers[index]}» outside its table: ${describe(cell)}`);
          if (!headers[index]) return;
          const th = ths[index]!.getBoundingClientRect();
          const drawn = getComputedStyle(cell, '::before').content;
          const named = card ? (cell.textContent ?? '').includes(headers[index]) || drawn === JSON.stringify(headers[index]) : th.width > 1 && th.height > 1 && th.left >= frame.left - 1 && th.right <= frame.right + 1;
          if (!named) problems.push(`column «${headers[index]}» unnamed${card ? ' in a card' : ''}: ${describe(row)}`);
        });
      }
    }
    return [...new Set(problems)].slice(0, 20);
  });
}

/**
 * What still overflows once the page has taken its new size and route: React may keep the last
 * route's screen through a transition, and the drawer follows a new width only on the next media
 * query event, so a fault counts only when it is still there after `timeoutMs`.
 */
async function settledOverflows(page: Page, timeoutMs = 3000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const problems = await overflowsIn(page);
    if (problems.length === 0 || Date.now() > until) return problems;
    await page.waitForTimeout(250);
  }
}

test('every dashboard list fits 375 px and 1280 px without sideways scrolling, every column named', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'super');
  const { lists } = await dashboardPages(page);
  expect(lists).toEqual(expect.arrayContaining(['/dashboard/users', '/dashboard/financial-info', '/dashboard/product-sessions', '/dashboard/posts', '/dashboard/releases']));
  const found: Record<string, string[]> = {};
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of lists) {
      await open(page, path);
      const problems = await settledOverflows(page);
      if (problems.length > 0) found[`${width} ${path}`] = problems;
      // What is seen of the first list: its table's top, else the page's.
      await page.locator('main table').first().scrollIntoViewIfNeeded({ timeout: 1000 }).catch(() => undefined);
      await page.screenshot({ path: `.artifacts/layout-${width}${path.replaceAll('/', '-')}.png` });
    }
  }
  expect(found).toEqual({});
});

test("a course's session rows keep their title whole and their date on one line at 375 px", async ({ page, request }) => {
  const products = (await (await request.get('/api/products?per_page=50')).json()).data as { id: number; title: string }[];
  const course = products.find((product) => product.title === 'دوره مقدماتی جاوااسکریپت')!;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/products/${course.id}`);
  const rows = page.getByRole('region', { name: 'جلسات دوره' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('region', { name: 'جلسات دوره' }).screenshot({ path: '.artifacts/layout-375-course-sessions.png' });
  const measured = await rows.evaluateAll((items) =>
    items.map((item) => {
      const row = item.getBoundingClientRect();
      const title = item.querySelector('.MuiListItemText-primary')!;
      const secondary = item.querySelector('.MuiListItemText-secondary')!;
      const lineHeight = parseFloat(getComputedStyle(secondary).lineHeight);
      return {
        title: title.textContent,
        titleShare: title.getBoundingClientRect().width / row.width,
        dateLines: Math.round(secondary.getBoundingClientRect().height / lineHeight),
      };
    }),
  );
  for (const row of measured) {
    expect(row.dateLines, `${row.title}: date on one line`).toBe(1);
    expect(row.titleShare, `${row.title}: title not squeezed`).toBeGreaterThan(0.5);
  }
});

/** Whether two boxes drawn on the page share any area. */
type Box = { left: number; right: number; top: number; bottom: number };
const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

test.describe('issue 32 item 8: what the second walk found out of place', () => {
  test("the sales chart by course names each course and its amounts apart, at 1280 and 375 px", async ({ page }) => {
    await logIn(page, 'super');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/financial-info');
      // The sales report's chart; the refunds report below has one of its own once a refund is made.
      const sales = page.getByRole('region', { name: 'گزارش فروش', exact: true });
      const chart = sales.getByRole('heading', { name: 'نمودار جمع هر دوره' }).locator('xpath=following-sibling::*[1]');
      await expect(chart.locator('svg text').first()).toBeVisible();
      await chart.screenshot({ path: `.artifacts/layout-${width}-sales-chart.png` });
      const labels = await chart.locator('svg text').evaluateAll((texts) =>
        texts.map((text) => {
          const { left, right, top, bottom } = text.getBoundingClientRect();
          return { text: text.textContent ?? '', box: { left, right, top, bottom } };
        }),
      );
      const courses = await sales.getByRole('table').locator('tbody tr td:first-child').allTextContents();
      expect(courses.length).toBeGreaterThan(1);
      const texts = labels.map((label) => label.text);
      // A name longer than its axis ends in «…».
      for (const course of courses) expect(texts.some((text) => text === course || (text.endsWith('…') && course.startsWith(text.slice(0, -1))))).toBe(true);
      expect(texts.filter((text) => /[۰-۹]/.test(text)).length).toBeGreaterThanOrEqual(2);
      const frame = await chart.boundingBox();
      for (const [i, a] of labels.entries()) {
        expect(a.box.left, `«${a.text}» inside the chart at ${width}`).toBeGreaterThanOrEqual(frame!.x - 1);
        expect(a.box.right, `«${a.text}» inside the chart at ${width}`).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
        for (const b of labels.slice(i + 1)) expect(overlap(a.box, b.box), `«${a.text}» and «${b.text}» at ${width}`).toBe(false);
      }
    }
  });

  test('the users table breaks an email only before its «@» or after a mark in its name, and a comment bar\'s end only between its date and time, at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, 'super');
    await page.goto('/dashboard/users');
    const table = page.getByRole('table').first();
    // The users' rows, not the loading rows before them (a loaded machine once measured those).
    await expect(table.locator('bdi[dir="ltr"] > span').first()).toBeVisible();
    await page.screenshot({ path: '.artifacts/layout-1280-users.png' });
    const lines = (selector: string) =>
      table.locator(selector).evaluateAll((elements) =>
        elements.map((element) => {
          const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
          return { text: element.textContent, lines: Math.round(element.getBoundingClientRect().height / lineHeight) };
        }),
      );
    const emailParts = await lines('bdi[dir="ltr"] > span');
    expect(emailParts.length).toBeGreaterThan(4);
    for (const part of emailParts) expect(part.lines, `«${part.text}» on one line`).toBe(1);
    // A comment bar's end: its date and its time of day each whole, at most one under the other.
    const ends = await lines('td time:has(> span)');
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) expect(end.lines, `«${end.text}» in at most two lines`).toBeLessThanOrEqual(2);
    for (const part of await lines('td time > span')) expect(part.lines, `«${part.text}» on one line`).toBe(1);
  });

  test("the register form's errors never touch the next field, at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/register');
    // Filled fields float their labels onto the border, nearest the error above.
    await page.getByLabel('شماره موبایل (اختیاری)').fill('12');
    await page.getByLabel('از کجا با ما آشنا شدید؟ (اختیاری)').fill('دوستان');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect(page.getByText('نام و نام خانوادگی الزامی است')).toBeVisible();
    await page.locator('main form').screenshot({ path: '.artifacts/layout-375-register-errors.png' });
    const gaps = await page.locator('main form .MuiFormControl-root').evaluateAll((fields) =>
      fields.slice(0, -1).map((field, i) => {
        const helper = field.querySelector('.MuiFormHelperText-root')!.getBoundingClientRect();
        const next = fields[i + 1]!;
        const label = next.querySelector('label')!.getBoundingClientRect();
        const box = next.querySelector('.MuiOutlinedInput-notchedOutline')!.getBoundingClientRect();
        return { helper: field.querySelector('.MuiFormHelperText-root')!.textContent, gap: Math.min(label.top, box.top) - helper.bottom };
      }),
    );
    for (const { helper, gap } of gaps) expect(gap, `under «${helper}»`).toBeGreaterThanOrEqual(4);
  });

  test('the 404 page keeps its text off the screen\'s edges on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/no-such-page');
    const section = page.locator('[data-error-page="404"]');
    await expect(section.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.screenshot({ path: '.artifacts/layout-375-404.png' });
    for (const text of await section.locator('h1, p, a').all()) {
      const box = (await text.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(16);
      expect(box.x + box.width).toBeLessThanOrEqual(375 - 16);
    }
  });
});

test.describe('the rich-text field while its editor loads', () => {
  for (const width of [375, 1280]) {
    test(`keeps its size, so the course form's save button stays where it was, at ${width} px`, async ({ page, request }) => {
      const products = (await (await request.get('/api/products?per_page=50')).json()).data as { id: number; title: string }[];
      const course = products.find((product) => product.title === 'دوره مقدماتی جاوااسکریپت')!;
      // The editor's chunk of the commerce remote (the one holding ProseMirror's view), found by its
      // content among the files its manifest lists, waits until the stand-in is measured.
      const manifest = (await (await request.get('/remotes/commerce/mf-manifest.json')).json()) as { exposes: { assets: { js: { sync: string[]; async: string[] } } }[] };
      let editorChunk: string | undefined;
      for (const file of manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.js.async])) {
        if ((await (await request.get(`/remotes/commerce/${file}`)).text()).includes('ProseMirror-hideselection')) editorChunk = file;
      }
      expect(editorChunk, 'the editor chunk').toBeDefined();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      await page.route(`**/remotes/commerce/${editorChunk}`, async (route) => {
        held = true;
        await released;
        await route.continue();
      });
      await page.setViewportSize({ width, height: 900 });
      await logIn(page, 'super');
      await page.goto(`/dashboard/products/${course.id}`);
      const field = page.locator('[aria-busy="true"]:has(.tiptap)');
      await expect(field).toBeVisible();
      await expect(field).toContainText('جاوااسکریپت');
      const save = page.getByRole('button', { name: 'ذخیره' });
      const before = (await save.boundingBox())!.y;
      await page.locator('main').screenshot({ path: `.artifacts/layout-${width}-rich-field-loading.png` });
      expect(held, 'the editor chunk was held').toBe(true);
      release();
      await expect(page.getByRole('textbox', { name: 'توضیحات' })).toBeVisible();
      await expect(field).toHaveCount(0);
      await page.locator('main').screenshot({ path: `.artifacts/layout-${width}-rich-field-loaded.png` });
      const after = (await save.boundingBox())!.y;
      expect(Math.abs(after - before), `the save button moved from ${before} to ${after}`).toBeLessThanOrEqual(2);
    });
  }
});
