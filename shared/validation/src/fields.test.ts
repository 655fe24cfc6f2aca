import { object, type Schema } from 'yup';
import {
  alphaField,
  alphaNumField,
  alphaSpacesField,
  emailField,
  fileField,
  integerField,
  maxLength,
  minLength,
  mobileField,
  noSpecialCharsField,
  numericField,
  optionalString,
  passwordConfirmationField,
  passwordField,
  requiredString,
  slugField,
  urlField,
} from './fields';
import { messages } from './messages';
import { validate } from './validate';

/** Validates one value and returns what a form would show: the cast value, or the first message. */
async function check(schema: Schema, input: unknown): Promise<{ value?: unknown; error?: string }> {
  const result = await validate(schema, input);
  return result.ok ? { value: result.value } : { error: result.errors._root?.[0] };
}

describe('requiredString', () => {
  it('reports "{field} is required" for missing, null, empty and blank values', async () => {
    for (const input of [undefined, null, '', '   ']) {
      expect(await check(requiredString('عنوان'), input)).toEqual({ error: 'عنوان الزامی است' });
    }
  });

  it('trims the value, unless told not to', async () => {
    expect(await check(requiredString('عنوان'), '  سلام ')).toEqual({ value: 'سلام' });
    expect(await check(requiredString('رمز عبور', { trim: false }), ' a ')).toEqual({ value: ' a ' });
  });

  it('reports "{field} is not valid" for a value that is not text', async () => {
    expect(await check(requiredString('عنوان'), { a: 1 })).toEqual({ error: 'عنوان معتبر نیست' });
  });
});

describe('optionalString', () => {
  it('accepts a missing or empty value as undefined', async () => {
    expect(await check(optionalString('متن'), '')).toEqual({ value: undefined });
    expect(await check(optionalString('متن'), null)).toEqual({ value: undefined });
  });
});

describe('min and max', () => {
  it('use the Persian messages with Persian digits through the standard .min/.max', async () => {
    const title = requiredString('عنوان').min(3, messages.min).max(10, messages.max);
    expect(await check(title, 'ab')).toEqual({ error: 'عنوان باید دست‌کم ۳ نویسه باشد' });
    expect(await check(title, 'a'.repeat(11))).toEqual({ error: 'عنوان باید حداکثر ۱۰ نویسه باشد' });
    expect(await check(title, 'abc')).toEqual({ value: 'abc' });
  });

  it('minLength and maxLength helpers apply the same rules', async () => {
    const title = maxLength(minLength(requiredString('عنوان'), 3), 10);
    expect(await check(title, 'ab')).toEqual({ error: 'عنوان باید دست‌کم ۳ نویسه باشد' });
    expect(await check(title, 'a'.repeat(11))).toEqual({ error: 'عنوان باید حداکثر ۱۰ نویسه باشد' });
  });

  it('count characters, not bytes, for Persian text', async () => {
    expect(await check(requiredString('عنوان').max(4, messages.max), 'سلام')).toEqual({ value: 'سلام' });
  });
});

describe('emailField', () => {
  it('accepts a valid address and trims it', async () => {
    expect(await check(emailField({ required: true }), ' user@example.com ')).toEqual({ value: 'user@example.com' });
  });

  it.each(['not-an-email', 'user@', '@example.com', 'user @example.com', 'کاربر@example.com'])(
    'rejects %s',
    async (input) => {
      expect(await check(emailField(), input)).toEqual({ error: 'ایمیل باید یک نشانی ایمیل معتبر باشد' });
    },
  );

  it('rejects an address longer than 255 characters', async () => {
    const long = `${'a'.repeat(64)}@${['b', 'c', 'd', 'e'].map((c) => c.repeat(60)).join('.')}.com`;
    expect(long).toHaveLength(312);
    expect(await check(emailField(), long)).toEqual({ error: 'ایمیل باید حداکثر ۲۵۵ نویسه باشد' });
  });

  it('is optional unless required', async () => {
    expect(await check(emailField(), '')).toEqual({ value: undefined });
    expect(await check(emailField({ required: true }), '')).toEqual({ error: 'ایمیل الزامی است' });
  });
});

describe('passwordField', () => {
  const rule = messages.password;

  it('accepts 8+ characters with a digit, a lowercase and an uppercase English letter', async () => {
    expect(await check(passwordField(), 'Abcdefg1')).toEqual({ value: 'Abcdefg1' });
    expect(await check(passwordField(), 'Super12345')).toEqual({ value: 'Super12345' });
  });

  it.each([
    ['too short', 'Abcde12'],
    ['no digit', 'Abcdefgh'],
    ['no lowercase', 'ABCDEFG1'],
    ['no uppercase', 'abcdefg1'],
    ['Persian letters instead of English', 'رمزعبور۱۲۳'],
  ])('rejects a password with %s', async (_, input) => {
    expect(await check(passwordField(), input)).toEqual({ error: rule });
  });

  it('is required, and says so first', async () => {
    expect(await check(passwordField(), '')).toEqual({ error: 'رمز عبور الزامی است' });
  });

  it('has the Persian message of SPEC §5', () => {
    expect(rule).toBe('رمز عبور باید دست‌کم ۸ نویسه و شامل حروف بزرگ و کوچک انگلیسی و عدد باشد');
  });
});

describe('passwordConfirmationField', () => {
  const schema = object({ password: passwordField(), password_confirmation: passwordConfirmationField() });

  it('accepts a matching confirmation', async () => {
    const result = await validate(schema, { password: 'Abcdefg1', password_confirmation: 'Abcdefg1' });
    expect(result.ok).toBe(true);
  });

  it('rejects a mismatch with the Persian message', async () => {
    const result = await validate(schema, { password: 'Abcdefg1', password_confirmation: 'Abcdefg2' });
    expect(result).toEqual({ ok: false, errors: { password_confirmation: ['رمز عبور و تکرار آن یکسان نیست'] } });
  });

  it('reports "required" rather than a mismatch when empty', async () => {
    const result = await validate(schema, { password: 'Abcdefg1', password_confirmation: '' });
    expect(result).toEqual({ ok: false, errors: { password_confirmation: ['تکرار رمز عبور الزامی است'] } });
  });

  it('can confirm another field', async () => {
    const other = object({ code: requiredString('کد'), code_again: passwordConfirmationField('code', 'تکرار کد') });
    expect((await validate(other, { code: '12', code_again: '12' })).ok).toBe(true);
    expect((await validate(other, { code: '12', code_again: '13' })).ok).toBe(false);
  });
});

describe('mobileField', () => {
  it.each(['۰۹۱۲۳۴۵۶۷۸۹', '٠٩١٢٣٤٥٦٧٨٩', '09123456789', '+989123456789', '00989123456789'])(
    'casts %s to +989123456789',
    async (input) => {
      expect(await check(mobileField(), input)).toEqual({ value: '+989123456789' });
    },
  );

  it.each([
    ['a landline', '02188776655'],
    ['a too-short number', '0912345'],
    ['text', 'شماره'],
  ])('rejects %s with "mobile number is not valid"', async (_, input) => {
    expect(await check(mobileField(), input)).toEqual({ error: 'شماره موبایل معتبر نیست' });
  });

  it('rejects input of 251 characters with the max message', async () => {
    const input = '09123456789'.padEnd(251, ' ');
    expect(await check(mobileField(), input)).toEqual({ error: 'شماره موبایل باید حداکثر ۲۵۰ نویسه باشد' });
  });

  it('is optional unless required; an empty string becomes undefined', async () => {
    expect(await check(mobileField(), '')).toEqual({ value: undefined });
    expect(await check(mobileField({ required: true }), '')).toEqual({ error: 'شماره موبایل الزامی است' });
  });

  it('parses against another country when asked', async () => {
    expect(await check(mobileField({ country: 'GB' }), '07400 123456')).toEqual({ value: '+447400123456' });
  });
});

describe('numericField and integerField', () => {
  it('accept Latin, Persian and Arabic-Indic digits and cast them to Latin', async () => {
    expect(await check(numericField('کد'), '۱۲۳')).toEqual({ value: '123' });
    expect(await check(numericField('کد'), '٤٥٦')).toEqual({ value: '456' });
    expect(await check(numericField('کد'), '0789')).toEqual({ value: '0789' });
    expect(await check(integerField('قیمت'), '-۴۲')).toEqual({ value: '-42' });
  });

  it('reject anything but digits', async () => {
    expect(await check(numericField('کد'), '12a')).toEqual({ error: 'کد فقط باید شامل رقم باشد' });
    expect(await check(numericField('کد'), '-12')).toEqual({ error: 'کد فقط باید شامل رقم باشد' });
    expect(await check(integerField('قیمت'), '1.5')).toEqual({ error: 'قیمت باید یک عدد صحیح باشد' });
  });

  it('are optional unless required', async () => {
    expect(await check(numericField('کد'), '')).toEqual({ value: undefined });
    expect(await check(integerField('قیمت', { required: true }), '')).toEqual({ error: 'قیمت الزامی است' });
  });
});

describe('alpha fields', () => {
  it('alphaField accepts Persian and English letters (with the zero-width non-joiner), nothing else', async () => {
    expect(await check(alphaField('نام'), 'علی')).toEqual({ value: 'علی' });
    expect(await check(alphaField('نام'), 'Ali')).toEqual({ value: 'Ali' });
    expect(await check(alphaField('نام'), 'می‌خواهم')).toEqual({ value: 'می‌خواهم' });
    expect(await check(alphaField('نام'), 'علی رضا')).toEqual({ error: 'نام فقط باید شامل حروف باشد' });
    expect(await check(alphaField('نام'), 'علی۲')).toEqual({ error: 'نام فقط باید شامل حروف باشد' });
  });

  it('alphaSpacesField also accepts spaces', async () => {
    expect(await check(alphaSpacesField('نام'), 'علی رضا')).toEqual({ value: 'علی رضا' });
    expect(await check(alphaSpacesField('نام'), 'علی 2')).toEqual({ error: 'نام فقط باید شامل حروف و فاصله باشد' });
  });

  it('alphaNumField also accepts digits of the three sets', async () => {
    expect(await check(alphaNumField('کد'), 'abc12۳٤')).toEqual({ value: 'abc12۳٤' });
    expect(await check(alphaNumField('کد'), 'ab c')).toEqual({ error: 'کد فقط باید شامل حروف و رقم باشد' });
  });
});

describe('slugField', () => {
  it.each(['my-post-1', 'a', 'post', '2024', 'a-b-c'])('accepts %s', async (input) => {
    expect(await check(slugField(), input)).toEqual({ value: input });
  });

  it.each(['-a', 'a-', 'a--b', 'A', 'My-post', 'سلام', 'a_b', 'a b'])('rejects %s', async (input) => {
    expect(await check(slugField(), input)).toEqual({ error: messages.slug({ label: 'نامک' }) });
  });
});

describe('urlField', () => {
  it('accepts a valid URL and rejects others', async () => {
    expect(await check(urlField(), 'https://example.com/a?b=1')).toEqual({ value: 'https://example.com/a?b=1' });
    expect(await check(urlField(), 'example')).toEqual({ error: 'نشانی اینترنتی باید یک نشانی اینترنتی معتبر باشد' });
    expect(await check(urlField(), 'javascript:alert(1)')).toEqual({
      error: 'نشانی اینترنتی باید یک نشانی اینترنتی معتبر باشد',
    });
  });

  it('applies the optional pattern', async () => {
    const schema = urlField({ label: 'پیوند', pattern: /^https:\/\/(www\.)?youtube\.com\// });
    expect(await check(schema, 'https://youtube.com/watch?v=1')).toEqual({ value: 'https://youtube.com/watch?v=1' });
    expect(await check(schema, 'https://example.com/')).toEqual({ error: 'پیوند باید یک نشانی اینترنتی معتبر باشد' });
  });
});

describe('noSpecialCharsField', () => {
  const specials = [...'`!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~'];

  it.each(specials)('rejects text containing %s', async (symbol) => {
    expect(await check(noSpecialCharsField('عنوان'), `متن${symbol}`)).toEqual({
      error: 'عنوان نباید نویسه‌های ویژه داشته باشد',
    });
  });

  it('accepts Persian text with spaces, digits and Persian punctuation', async () => {
    expect(await check(noSpecialCharsField('عنوان'), 'سلام دنیا ۲، خوبی؟')).toEqual({ value: 'سلام دنیا ۲، خوبی؟' });
  });
});

describe('fileField', () => {
  const schema = fileField({ label: 'تصویر', maxKb: 100, extensions: ['jpg', '.PNG'], required: true });

  it('accepts a File-like object within size with an allowed extension (any case)', async () => {
    const file = { name: 'photo.JPG', size: 100 * 1024 };
    expect(await check(schema, file)).toEqual({ value: file });
    expect((await check(schema, { name: 'a.png', size: 1 })).error).toBeUndefined();
  });

  it('works with a browser-like File', async () => {
    const file = new File(['x'.repeat(10)], 'photo.png', { type: 'image/png' });
    expect(await check(schema, file)).toEqual({ value: file });
  });

  it('rejects a file over the size in KB', async () => {
    expect(await check(schema, { name: 'a.jpg', size: 100 * 1024 + 1 })).toEqual({
      error: 'حجم تصویر نباید بیشتر از ۱۰۰ کیلوبایت باشد',
    });
  });

  it('rejects a file with another extension', async () => {
    expect(await check(schema, { name: 'a.gif', size: 10 })).toEqual({
      error: 'پسوند تصویر باید یکی از این موارد باشد: jpg، png',
    });
    expect((await check(schema, { name: 'jpg', size: 10 })).error).toBeDefined();
  });

  it('is required when asked, optional otherwise, and rejects non-files', async () => {
    expect(await check(schema, null)).toEqual({ error: 'تصویر الزامی است' });
    expect(await check(fileField({ maxKb: 1 }), null)).toEqual({ value: undefined });
    expect(await check(fileField(), 'a.jpg')).toEqual({ error: 'فایل معتبر نیست' });
  });
});

describe('first failing rule per field', () => {
  it('reports only the first message of a field whose rules all fail', async () => {
    const title = requiredString('عنوان').min(5, messages.min).matches(/^\d+$/, messages.invalid);
    const result = await validate(object({ title }), { title: 'ab' });
    expect(result).toEqual({ ok: false, errors: { title: ['عنوان باید دست‌کم ۵ نویسه باشد'] } });
  });
});
