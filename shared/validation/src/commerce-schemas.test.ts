import { validate } from './validate';
import { productFormSchema, productSchema, productSessionFormSchema, productSessionSchema } from './commerce-schemas';

const course = { title: 'دوره ریاکت', slug: 'react-course', description: '<p>متن</p>' };
const session = { ...course, product_id: '3', position: '1' };

describe('productSchema (issue 6 ProductForm)', () => {
  it('casts multipart strings and fills the defaults', async () => {
    const result = await validate(productSchema, { ...course, price: '250000', is_active: 'false' });
    expect(result).toEqual({
      ok: true,
      value: { ...course, price: 250000, is_active: false, comment_status: 'open', product_status: 'in-progress', forensic_watermark: true },
    });
  });

  it.each([
    ['۲۵۰۰۰۰', 250000],
    ['٢٥٠٠٠٠', 250000],
    ['۲۵۰٬۰۰۰', 250000],
    ['1,500', 1500],
    [' 0 ', 0],
    [42, 42],
  ])('reads the price %p as %p tomans', async (price, tomans) => {
    expect(await validate(productSchema, { ...course, price })).toMatchObject({ ok: true, value: { price: tomans } });
  });

  it.each([
    ['1.5', 'قیمت باید یک عدد صحیح باشد'],
    ['۱۲الف', 'قیمت باید یک عدد صحیح باشد'],
    [1.5, 'قیمت باید یک عدد صحیح باشد'],
    ['-1', 'قیمت نباید کمتر از ۰ باشد'],
    ['1000000001', 'قیمت نباید بیشتر از ۱۰۰۰۰۰۰۰۰۰ باشد'],
    ['', 'قیمت الزامی است'],
  ])('rejects the price %p', async (price, message) => {
    const result = await validate(productSchema, { ...course, price });
    expect(result.ok ? null : result.errors.price).toEqual([message]);
  });

  it('accepts buyers-only comments and the three course statuses, nothing else', async () => {
    for (const product_status of ['in-progress', 'done', 'expired']) {
      const ok = await validate(productSchema, { ...course, price: 0, product_status, comment_status: 'buyers-only' });
      expect(ok).toMatchObject({ ok: true, value: { product_status, comment_status: 'buyers-only' } });
    }
    const bad = await validate(productSchema, { ...course, price: 0, product_status: 'sold', comment_status: 'friends' });
    expect(bad.ok ? {} : bad.errors).toEqual({
      product_status: ['وضعیت دوره معتبر نیست'],
      comment_status: ['وضعیت دیدگاه‌ها معتبر نیست'],
    });
  });

  it('checks the image of the form like a post image', async () => {
    const big = await validate(productFormSchema, { ...course, price: 0, image: { name: 'a.png', size: 3 * 1024 * 1024 } });
    expect(big.ok ? [] : big.errors.image).toEqual(['حجم تصویر نباید بیشتر از ۲۰۴۸ کیلوبایت باشد']);
  });
});

describe('productSessionSchema (issue 6 ProductSessionForm)', () => {
  it('casts the course id and position and defaults is_free_preview to false', async () => {
    const result = await validate(productSessionSchema, { ...session, position: '۲', comment_status: 'buyers-only' });
    expect(result).toEqual({
      ok: true,
      value: {
        ...course,
        product_id: 3,
        position: 2,
        is_free_preview: false,
        kind: 'lesson',
        is_active: true,
        comment_status: 'buyers-only',
        release: 'none',
        prerequisite_session_id: null,
      },
    });
  });

  it('reads the schedule (issue 37 item 5): days or a Jalali day as its release needs, with Persian errors', async () => {
    const days = await validate(productSessionSchema, { ...session, release: 'days_after_purchase', release_days: '۷', release_date: '1405-09-12', prerequisite_session_id: '۴' });
    expect(days.ok && days.value).toMatchObject({ release: 'days_after_purchase', release_days: 7, prerequisite_session_id: 4 });
    expect(days.ok && 'release_date' in days.value).toBe(false);
    const onDate = await validate(productSessionSchema, { ...session, release: 'on_date', release_date: '۱۴۰۵/۰۹/۱۲', release_days: '9' });
    expect(onDate.ok && onDate.value).toMatchObject({ release: 'on_date', release_date: '۱۴۰۵/۰۹/۱۲' });
    const wrong = await validate(productSessionSchema, { ...session, release: 'days_after_purchase', release_days: '0' });
    expect(wrong.ok ? {} : wrong.errors).toEqual({ release_days: ['تعداد روز پس از خرید نباید کمتر از ۱ باشد'] });
    const noDay = await validate(productSessionSchema, { ...session, release: 'on_date', release_date: 'فردا' });
    expect(noDay.ok ? {} : noDay.errors).toEqual({ release_date: ['تاریخ باز شدن معتبر نیست'] });
  });

  it('takes an optional image in the form, checked by extension; the lesson has its own upload', async () => {
    expect((await validate(productSessionFormSchema, session)).ok).toBe(true);
    const exe = await validate(productSessionFormSchema, { ...session, image: { name: 'a.exe', size: 10 } });
    expect(exe.ok ? {} : Object.keys(exe.errors)).toEqual(['image']);
  });

  it('gives Persian errors for the course id, position and preview flag', async () => {
    const result = await validate(productSessionSchema, { ...course, position: '0', is_free_preview: 'maybe' });
    expect(result.ok ? {} : result.errors).toEqual({
      product_id: ['دوره الزامی است'],
      position: ['شماره جلسه نباید کمتر از ۱ باشد'],
      is_free_preview: ['پیش‌نمایش رایگان معتبر نیست'],
    });
  });
});
