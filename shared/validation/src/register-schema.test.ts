import { registerSchema, type RegisterInput } from './register-schema';
import { validate } from './validate';

const valid = {
  full_name: 'علی رضایی',
  email: 'ali@example.com',
  password: 'Abcdefg1',
  password_confirmation: 'Abcdefg1',
};

describe('registerSchema', () => {
  it('accepts a valid body, trims text and drops unknown keys', async () => {
    const result = await validate(registerSchema, { ...valid, full_name: ' علی رضایی ', is_admin: true });
    const expected: RegisterInput = { ...valid, mobile: undefined, way_of_knowing_our_website: undefined };
    expect(result).toEqual({ ok: true, value: expected });
  });

  it('casts an optional mobile to E.164 and turns an empty one into undefined', async () => {
    const withMobile = await validate(registerSchema, { ...valid, mobile: '۰۹۱۲۳۴۵۶۷۸۹' });
    expect(withMobile.ok && withMobile.value.mobile).toBe('+989123456789');
    const empty = await validate(registerSchema, { ...valid, mobile: '' });
    expect(empty.ok && empty.value.mobile).toBeUndefined();
  });

  it('rejects an invalid mobile', async () => {
    const result = await validate(registerSchema, { ...valid, mobile: '02188776655' });
    expect(result).toEqual({ ok: false, errors: { mobile: ['شماره موبایل معتبر نیست'] } });
  });

  it('reports the first message of every missing field in Persian', async () => {
    const result = await validate(registerSchema, {});
    expect(result).toEqual({
      ok: false,
      errors: {
        full_name: ['نام و نام خانوادگی الزامی است'],
        email: ['ایمیل الزامی است'],
        password: ['رمز عبور الزامی است'],
        password_confirmation: ['تکرار رمز عبور الزامی است'],
      },
    });
  });

  it('bounds full_name to 3..100 characters without special characters', async () => {
    const short = await validate(registerSchema, { ...valid, full_name: 'عل' });
    expect(short).toEqual({ ok: false, errors: { full_name: ['نام و نام خانوادگی باید دست‌کم ۳ نویسه باشد'] } });
    const long = await validate(registerSchema, { ...valid, full_name: 'ع'.repeat(101) });
    expect(long).toEqual({ ok: false, errors: { full_name: ['نام و نام خانوادگی باید حداکثر ۱۰۰ نویسه باشد'] } });
    const special = await validate(registerSchema, { ...valid, full_name: 'علی@رضایی' });
    expect(special).toEqual({
      ok: false,
      errors: { full_name: ['نام و نام خانوادگی نباید نویسه‌های ویژه داشته باشد'] },
    });
  });

  it('checks email, password strength and confirmation', async () => {
    const result = await validate(registerSchema, {
      ...valid,
      email: 'ali@',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgX',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: ['ایمیل باید یک نشانی ایمیل معتبر باشد'],
        password: ['رمز عبور باید دست‌کم ۸ نویسه و شامل حروف بزرگ و کوچک انگلیسی و عدد باشد'],
        password_confirmation: ['رمز عبور و تکرار آن یکسان نیست'],
      },
    });
  });

  it('keeps way_of_knowing_our_website optional, at most 500 characters', async () => {
    const ok = await validate(registerSchema, { ...valid, way_of_knowing_our_website: 'از دوستان' });
    expect(ok.ok && ok.value.way_of_knowing_our_website).toBe('از دوستان');
    const long = await validate(registerSchema, { ...valid, way_of_knowing_our_website: 'الف'.repeat(167) });
    expect(long).toEqual({
      ok: false,
      errors: { way_of_knowing_our_website: ['نحوه آشنایی با سایت باید حداکثر ۵۰۰ نویسه باشد'] },
    });
  });
});
