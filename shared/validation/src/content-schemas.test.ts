import { validate } from './validate';
import { commentSchema, postFormSchema, postSchema, searchQuerySchema } from './content-schemas';

describe('postSchema', () => {
  it('accepts a post and casts multipart strings', async () => {
    const result = await validate(postSchema, {
      title: ' کار با تاریخ شمسی ',
      slug: 'jalali-dates',
      description: '<p>متن</p>',
      is_active: 'false',
      comment_status: 'closed',
    });
    expect(result).toEqual({
      ok: true,
      value: { title: 'کار با تاریخ شمسی', slug: 'jalali-dates', description: '<p>متن</p>', is_active: false, comment_status: 'closed' },
    });
  });

  it('gives Persian errors per field', async () => {
    const result = await validate(postSchema, { title: 'ab', slug: 'Bad Slug', description: '', comment_status: 'maybe' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toEqual(['عنوان باید دست‌کم ۳ نویسه باشد']);
    expect(result.errors.slug?.[0]).toMatch(/^نامک/);
    expect(result.errors.description).toEqual(['توضیحات الزامی است']);
    expect(result.errors.comment_status).toEqual(['وضعیت دیدگاه‌ها معتبر نیست']);
  });

  it('limits the image of the form by size and extension', async () => {
    const base = { title: 'عنوان نوشته', slug: 'a', description: 'x' };
    const big = await validate(postFormSchema, { ...base, image: { name: 'a.png', size: 3 * 1024 * 1024 } });
    expect(big.ok ? [] : big.errors.image).toEqual(['حجم تصویر نباید بیشتر از ۲۰۴۸ کیلوبایت باشد']);
    const gif = await validate(postFormSchema, { ...base, image: { name: 'a.gif', size: 10 } });
    expect(gif.ok).toBe(false);
  });
});

describe('commentSchema (SPEC §3 comment payload)', () => {
  it('defaults parent_id to 0 and checks the commentable type', async () => {
    const ok = await validate(commentSchema, { user_id: 3, text: 'عالی بود', commentable_id: 1, commentable_type: 'post' });
    expect(ok).toMatchObject({ ok: true, value: { parent_id: 0 } });
    const bad = await validate(commentSchema, { user_id: 3, text: 'x', commentable_id: 1, commentable_type: 'user' });
    expect(bad.ok ? {} : Object.keys(bad.errors).sort()).toEqual(['commentable_type', 'text']);
  });

  it('refuses ids past the 32-bit id columns (issue 10: they answered 500)', async () => {
    const huge = await validate(commentSchema, { user_id: 2 ** 53, text: 'عالی بود', commentable_id: 2 ** 31, parent_id: 1e308, commentable_type: 'post' });
    expect(huge.ok ? {} : Object.keys(huge.errors).sort()).toEqual(['commentable_id', 'parent_id', 'user_id']);
    const largest = await validate(commentSchema, { user_id: 2 ** 31 - 1, text: 'عالی بود', commentable_id: 2 ** 31 - 1, commentable_type: 'post' });
    expect(largest.ok).toBe(true);
  });
});

describe('searchQuerySchema', () => {
  it('needs 2 to 100 characters', async () => {
    expect((await validate(searchQuerySchema, { q: 'ر' })).ok).toBe(false);
    expect(await validate(searchQuerySchema, { q: 'ریاکت' })).toEqual({ ok: true, value: { q: 'ریاکت', page: 1 } });
  });
});
