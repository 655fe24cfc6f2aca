import { ticketReplyError, ticketReplySchema, ticketSchema } from './ticket-schema';
import { validate } from './validate';

describe('ticketSchema', () => {
  it('accepts a title and a text, trimmed', async () => {
    const result = await validate(ticketSchema, { title: '  سؤال درباره دوره ', text: ' متن پیام من به اندازه کافی بلند است. ' });
    expect(result).toEqual({ ok: true, value: { title: 'سؤال درباره دوره', text: 'متن پیام من به اندازه کافی بلند است.' } });
  });

  it('requires both fields with Persian messages', async () => {
    expect(await validate(ticketSchema, { title: ' ', text: '' })).toEqual({
      ok: false,
      errors: { title: ['موضوع الزامی است'], text: ['متن پیام الزامی است'] },
    });
  });

  it('checks the lengths: title 3..150, text 10..5000', async () => {
    expect(await validate(ticketSchema, { title: 'ab', text: 'کوتاه' })).toEqual({
      ok: false,
      errors: { title: ['موضوع باید دست‌کم ۳ نویسه باشد'], text: ['متن پیام باید دست‌کم ۱۰ نویسه باشد'] },
    });
    expect(await validate(ticketSchema, { title: 'a'.repeat(151), text: 'b'.repeat(5001) })).toEqual({
      ok: false,
      errors: { title: ['موضوع باید حداکثر ۱۵۰ نویسه باشد'], text: ['متن پیام باید حداکثر ۵۰۰۰ نویسه باشد'] },
    });
    const edge = await validate(ticketSchema, { title: 'abc', text: 'b'.repeat(5000) });
    expect(edge.ok).toBe(true);
  });
});

describe('ticketReplySchema (issue 32 item 3)', () => {
  it('accepts a reply of 2 to 5000 characters, trimmed', async () => {
    expect(await validate(ticketReplySchema, { text: '  ممنون  ' })).toEqual({ ok: true, value: { text: 'ممنون' } });
    expect((await validate(ticketReplySchema, { text: 'b'.repeat(5000) })).ok).toBe(true);
  });

  it('refuses an empty, a one-character and a too long reply with Persian messages', async () => {
    expect(await validate(ticketReplySchema, { text: '  ' })).toEqual({ ok: false, errors: { text: ['متن پاسخ الزامی است'] } });
    expect(await validate(ticketReplySchema, { text: 'a' })).toEqual({ ok: false, errors: { text: ['متن پاسخ باید دست‌کم ۲ نویسه باشد'] } });
    expect(await validate(ticketReplySchema, { text: 'b'.repeat(5001) })).toEqual({
      ok: false,
      errors: { text: ['متن پاسخ باید حداکثر ۵۰۰۰ نویسه باشد'] },
    });
  });

  it('answers the first error of a text, or null (ticketReplyError)', async () => {
    expect(await ticketReplyError('a')).toBe('متن پاسخ باید دست‌کم ۲ نویسه باشد');
    expect(await ticketReplyError(' ممنون ')).toBeNull();
  });
});
