import { fieldLabels, messages } from './messages';

describe('messages', () => {
  it('use the label, else the Persian label of the path, else a generic name', () => {
    expect(messages.required({ label: 'عنوان' })).toBe('عنوان الزامی است');
    expect(messages.required({ path: 'full_name', originalPath: 'full_name' })).toBe('نام و نام خانوادگی الزامی است');
    expect(messages.invalid({ path: 'items[0].slug', originalPath: 'items[0].slug' })).toBe('نامک معتبر نیست');
    expect(messages.invalid({ path: 'unknown_field' })).toBe('این فیلد معتبر نیست');
  });

  it('write numbers in Persian digits', () => {
    expect(messages.min({ label: 'متن', min: 12 })).toBe('متن باید دست‌کم ۱۲ نویسه باشد');
    expect(messages.max({ label: 'متن', max: 250 })).toBe('متن باید حداکثر ۲۵۰ نویسه باشد');
    expect(messages.size({ label: 'فایل', length: 2048 })).toBe('حجم فایل نباید بیشتر از ۲۰۴۸ کیلوبایت باشد');
  });

  it('label the fields of SPEC §3 in Persian', () => {
    expect(fieldLabels).toMatchObject({
      full_name: 'نام و نام خانوادگی',
      email: 'ایمیل',
      mobile: 'شماره موبایل',
      password: 'رمز عبور',
      password_confirmation: 'تکرار رمز عبور',
      way_of_knowing_our_website: 'نحوه آشنایی با سایت',
      title: 'عنوان',
      slug: 'نامک',
      description: 'توضیحات',
      text: 'متن',
    });
  });

  it('keep fixed messages of SPEC §5 and §8', () => {
    expect(messages.mobile).toBe('شماره موبایل معتبر نیست');
    expect(messages.passwordMismatch).toBe('رمز عبور و تکرار آن یکسان نیست');
  });
});
