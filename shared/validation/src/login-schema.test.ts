import { loginSchema, type LoginInput } from './login-schema';
import { validate } from './validate';

describe('loginSchema', () => {
  it('accepts email and password', async () => {
    const expected: LoginInput = { email: 'user@example.com', password: 'User12345', mobile: undefined };
    expect(await validate(loginSchema, { email: 'user@example.com', password: 'User12345' })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it('accepts a mobile in Persian digits with an empty email, cast to E.164', async () => {
    const result = await validate(loginSchema, { email: '', mobile: '۰۹۱۲۳۴۵۶۷۸۹', password: 'x' });
    expect(result).toEqual({ ok: true, value: { email: undefined, mobile: '+989123456789', password: 'x' } });
  });

  it('requires one of email or mobile', async () => {
    const result = await validate(loginSchema, { email: '', mobile: '', password: 'x' });
    const message = 'ایمیل یا شماره موبایل را وارد کنید';
    expect(result).toEqual({ ok: false, errors: { email: [message], mobile: [message] } });
  });

  it('refuses both email and mobile', async () => {
    const result = await validate(loginSchema, { email: 'a@b.co', mobile: '09123456789', password: 'x' });
    const message = 'فقط یکی از ایمیل یا شماره موبایل را وارد کنید';
    expect(result).toEqual({ ok: false, errors: { email: [message], mobile: [message] } });
  });

  it('validates a given mobile', async () => {
    const result = await validate(loginSchema, { mobile: '0912345', password: 'x' });
    expect(result).toEqual({ ok: false, errors: { mobile: ['شماره موبایل معتبر نیست'] } });
  });

  it('requires the password but not its strength, and does not trim it', async () => {
    expect(await validate(loginSchema, { email: 'a@b.co', password: '' })).toEqual({
      ok: false,
      errors: { password: ['رمز عبور الزامی است'] },
    });
    const result = await validate(loginSchema, { email: 'a@b.co', password: ' weak ' });
    expect(result.ok && result.value.password).toBe(' weak ');
  });
});
