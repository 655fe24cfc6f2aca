import { ticketSchema } from './ticket-schema';
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
