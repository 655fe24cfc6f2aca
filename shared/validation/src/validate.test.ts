import { object, string } from 'yup';
import { emailField, mobileField, requiredString } from './fields';
import { loginSchema } from './login-schema';
import { messages } from './messages';
import { ROOT_ERROR_KEY, validate } from './validate';

const rootError = { ok: false, errors: { [ROOT_ERROR_KEY]: ['داده‌های ارسالی معتبر نیست'] } };

describe('validate', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', [{ email: 'a@b.co' }]],
    ['a string', '{"email":"a@b.co"}'],
    ['a number', 42],
    ['a Date', new Date(0)],
  ])('answers a _root error, without throwing, for %s given to an object schema', async (_, input) => {
    await expect(validate(loginSchema, input)).resolves.toEqual(rootError);
  });

  it('ignores keys named after Object.prototype members at any depth instead of throwing (issue 10)', async () => {
    const schema = object({ email: string(), nested: object({ name: string() }) });
    const input = JSON.parse('{"__proto__":{"x":1},"constructor":"1","toString":"2","email":"a@b.co","nested":{"valueOf":"3","name":"ن"}}');
    expect(await validate(schema, input)).toEqual({ ok: true, value: { email: 'a@b.co', nested: { name: 'ن' } } });
    expect(await validate(loginSchema, { hasOwnProperty: 'x', email: 'nope' })).toMatchObject({ ok: false });
  });

  it('answers a rule declared without a message (yup\'s English default) in Persian (issue 10)', async () => {
    const schema = object({ commentable_type: string().oneOf(['post']), title: string().label('عنوان').max(2) });
    expect(await validate(schema, { commentable_type: {}, title: 'بلند' })).toEqual({
      ok: false,
      errors: { commentable_type: ['این فیلد معتبر نیست'], title: ['عنوان باید حداکثر ۲ نویسه باشد'] },
    });
  });

  it('puts an error of a non-object schema under _root', async () => {
    expect(await validate(mobileField(), 'abc')).toEqual({ ok: false, errors: { _root: ['شماره موبایل معتبر نیست'] } });
  });

  it('reports every field but only its first failing rule', async () => {
    const schema = object({
      title: requiredString('عنوان').min(3, messages.min).max(2, messages.max),
      email: emailField({ required: true }),
    });
    const result = await validate(schema, { title: 'ab', email: 'nope' });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: ['عنوان باید دست‌کم ۳ نویسه باشد'],
        email: ['ایمیل باید یک نشانی ایمیل معتبر باشد'],
      },
    });
  });

  it('names nested fields by path and labels them from fieldLabels when a schema has no label', async () => {
    const schema = object({ post: object({ title: string().required(messages.required) }) });
    expect(await validate(schema, { post: {} })).toEqual({
      ok: false,
      errors: { 'post.title': ['عنوان الزامی است'] },
    });
  });

  it('strips unknown keys and returns the cast value', async () => {
    const schema = object({ mobile: mobileField({ required: true }) });
    expect(await validate(schema, { mobile: '00989123456789', extra: 1 })).toEqual({
      ok: true,
      value: { mobile: '+989123456789' },
    });
  });

  it('rethrows errors that are not validation errors', async () => {
    const schema = object({
      a: string().test('boom', 'x', () => {
        throw new Error('bug');
      }),
    });
    await expect(validate(schema, { a: 'v' })).rejects.toThrow('bug');
  });
});
