import { forensicRevocationSchema } from './forensic-schemas';
import { validate } from './validate';

describe('forensicRevocationSchema (issue 38 item 4)', () => {
  it('takes a reason of 3 to 500 characters, trimmed', async () => {
    expect(await validate(forensicRevocationSchema, { reason: '  فروش نسخه در کانال  ' })).toEqual({ ok: true, value: { reason: 'فروش نسخه در کانال' } });
    expect((await validate(forensicRevocationSchema, { reason: 'ب'.repeat(500) })).ok).toBe(true);
  });

  it('refuses an empty, a short (counted after trimming) and a long reason in Persian', async () => {
    const empty = await validate(forensicRevocationSchema, { reason: ' ' });
    expect(!empty.ok && empty.errors.reason).toEqual(['دلیل الزامی است']);
    const short = await validate(forensicRevocationSchema, { reason: ' ab ' });
    expect(!short.ok && short.errors.reason).toEqual(['دلیل باید دست‌کم ۳ نویسه باشد']);
    const long = await validate(forensicRevocationSchema, { reason: 'x'.repeat(501) });
    expect(!long.ok && long.errors.reason?.[0]).toMatch(/دلیل .*۵۰۰/);
  });
});
