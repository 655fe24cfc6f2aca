import { discountCodeSchema } from './discount-code-schema';
import { validate } from './validate';

const base = { code: 'nowruz05', kind: 'percent', value: '۲۰' };

describe('discountCodeSchema (issue 25)', () => {
  it('casts the code upper-case, digits of any set, empties to null, and the defaults', async () => {
    expect(await validate(discountCodeSchema, { ...base, total_cap: '', starts_at: '' })).toEqual({
      ok: true,
      value: {
        code: 'NOWRUZ05',
        kind: 'percent',
        value: 20,
        applies_to_all: true,
        product_ids: [],
        starts_at: null,
        ends_at: null,
        total_cap: null,
        per_user_cap: null,
        min_cart_total: null,
        is_active: true,
      },
    });
  });

  it('refuses spaces and Persian letters in the code, a code that is not text, a percent over 100, a negative amount', async () => {
    const errorsOf = async (input: object) => {
      const result = await validate(discountCodeSchema, { ...base, ...input });
      return result.ok ? {} : result.errors;
    };
    const latin = ['کد تخفیف فقط باید شامل حروف انگلیسی و رقم باشد (بدون فاصله)'];
    expect(await errorsOf({ code: 'NOW RUZ' })).toEqual({ code: latin });
    expect(await errorsOf({ code: 'یلدا' })).toEqual({ code: latin });
    // A code that is not text (the fuzzer's wrong types) is a field error, not a thrown TypeError.
    expect(await errorsOf({ code: [1, 2] })).toEqual({ code: ['کد تخفیف معتبر نیست'] });
    expect(await errorsOf({ code: {} })).toEqual({ code: ['کد تخفیف معتبر نیست'] });
    expect(await errorsOf({ value: 101 })).toEqual({ value: ['مقدار تخفیف نباید بیشتر از ۱۰۰ باشد'] });
    expect(await errorsOf({ kind: 'amount', value: -5000 })).toEqual({ value: ['مقدار تخفیف نباید کمتر از ۱ باشد'] });
    expect((await validate(discountCodeSchema, { ...base, kind: 'amount', value: 150000 })).ok).toBe(true);
  });

  it('wants the end after the start, caps of at least 1, and a course when not for all', async () => {
    const result = await validate(discountCodeSchema, {
      ...base,
      starts_at: '2026-03-20T00:00:00.000Z',
      ends_at: '2026-03-19T00:00:00.000Z',
      total_cap: 0,
      applies_to_all: false,
      product_ids: [],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        ends_at: ['زمان پایان باید پس از زمان شروع باشد'],
        total_cap: ['سقف کل استفاده نباید کمتر از ۱ باشد'],
        product_ids: ['دست‌کم یک دوره را انتخاب کنید'],
      },
    });
  });
});
