// Every Persian message and field label of the validation rules (SPEC §5), in one place so they
// can be read and corrected together (STYLE.md habit 10). Numbers inside messages are written in
// Persian digits. Message functions follow yup's contract: yup calls them with the test's params.
import { setLocale } from 'yup';
import { persianDigits } from './normalize-digits';

/** Persian labels of the form fields of SPEC §3, keyed by field name; the `{field}` of a message. */
export const fieldLabels = {
  full_name: 'نام و نام خانوادگی',
  name: 'نام',
  email: 'ایمیل',
  mobile: 'شماره موبایل',
  password: 'رمز عبور',
  password_confirmation: 'تکرار رمز عبور',
  way_of_knowing_our_website: 'نحوه آشنایی با سایت',
  title: 'عنوان',
  slug: 'نامک',
  description: 'توضیحات',
  text: 'متن',
  price: 'قیمت',
  image: 'تصویر',
  file: 'فایل',
  url: 'نشانی اینترنتی',
  link: 'پیوند',
  code: 'کد',
  expired_at: 'تاریخ انقضا',
  product_id: 'دوره',
  position: 'شماره جلسه',
  product_status: 'وضعیت دوره',
  current_password: 'رمز عبور فعلی',
  new_password: 'رمز عبور جدید',
  status: 'نوع کاربر',
  permission_ids: 'دسترسی‌ها',
  permission_name: 'نام دسترسی',
  write_comment_status: 'وضعیت دیدگاه',
  barred_until: 'پایان محدودیت',
  user_id: 'کاربر',
  activity: 'وضعیت',
  link_type: 'نوع پیوند',
  terms_and_conditions: 'قوانین و مقررات',
  about_me: 'درباره من',
  site_name: 'نام سایت',
  short_description: 'توضیح کوتاه',
  contact_email: 'ایمیل تماس',
  contact_phone: 'شماره تماس',
  address: 'نشانی',
  social_link: 'پیوند شبکه اجتماعی',
  comments_enabled: 'ارسال دیدگاه',
  tickets_enabled: 'ارسال تیکت',
  selling_enabled: 'فروش دوره‌ها',
  discount_code: 'کد تخفیف',
  discount_kind: 'نوع تخفیف',
  discount_value: 'مقدار تخفیف',
  product_ids: 'دوره‌ها',
  starts_at: 'زمان شروع',
  ends_at: 'زمان پایان',
  total_cap: 'سقف کل استفاده',
  per_user_cap: 'سقف استفاده هر کاربر',
  min_cart_total: 'حداقل مبلغ سبد',
  gift_card_code: 'کد کارت هدیه',
  amount: 'مبلغ',
  expires_at: 'پایان اعتبار',
  direction: 'نوع تراکنش',
  reason: 'دلیل',
  parts: 'تعداد قسط‌ها',
  first_share_percent: 'درصد پیش‌پرداخت',
  days_between: 'فاصله قسط‌ها (روز)',
  surcharge: 'افزایش قیمت اقساطی',
  grace_days: 'مهلت پس از سررسید (روز)',
  plan_id: 'طرح اقساط',
  agent_code: 'کد همکار فروش',
  agent_percent: 'درصد پورسانت',
  vat_percent: 'نرخ مالیات بر ارزش افزوده',
  max_devices: 'بیشترین دستگاه هر حساب',
  device_removals_per_month: 'حذف دستگاه در ماه',
  max_concurrent_streams: 'پخش هم‌زمان هر حساب',
  payout_to: 'مقصد تسویه',
  question_type: 'نوع پرسش',
  question_body: 'متن پرسش',
  points: 'امتیاز',
  options: 'گزینه‌ها',
  option_text: 'متن گزینه',
  matches: 'پاسخ‌های جورکردنی',
  correct_boolean: 'پاسخ درست',
  accepted_answers: 'پاسخ‌های پذیرفته',
  audio: 'فایل صوتی',
  time_limit_minutes: 'مدت آزمون (دقیقه)',
  max_attempts: 'تعداد دفعات مجاز',
  pass_percent: 'نمره قبولی (درصد)',
  score_policy: 'نمره ملاک',
  question_ids: 'پرسش‌های آزمون',
  option_ids: 'پاسخ',
  answer_text: 'پاسخ',
  answer_value: 'پاسخ',
} as const;

/** The name of a field in {@link fieldLabels}. */
export type FieldName = keyof typeof fieldLabels;

/** What yup passes to a message function (the part these messages read). */
export interface FieldMessageParams {
  /** The schema's `.label()`, when set. */
  label?: string;
  /** yup sets this to the label, or the path when there is no label. */
  path?: string;
  /** The field's path in the validated object, e.g. `items[0].title`. */
  originalPath?: string;
}

const FALLBACK_LABEL = 'این فیلد';

/** The `{field}` of a message: the schema's label, else the Persian label of the path's last key. */
function fieldOf(params: FieldMessageParams): string {
  if (params.label) return params.label;
  const key = (params.originalPath ?? params.path ?? '').split('.').pop()?.replace(/\[\d+\]$/, '');
  return (key && fieldLabels[key as FieldName]) || FALLBACK_LABEL;
}

/** Persian messages of SPEC §5's rules; functions take yup's message params (`{ label, min, max, … }`). */
export const messages = {
  /** Default message of every rule: "{field} is not valid". */
  invalid: (p: FieldMessageParams) => `${fieldOf(p)} معتبر نیست`,
  required: (p: FieldMessageParams) => `${fieldOf(p)} الزامی است`,
  min: (p: FieldMessageParams & { min: number }) =>
    `${fieldOf(p)} باید دست‌کم ${persianDigits(p.min)} نویسه باشد`,
  max: (p: FieldMessageParams & { max: number }) =>
    `${fieldOf(p)} باید حداکثر ${persianDigits(p.max)} نویسه باشد`,
  email: (p: FieldMessageParams) => `${fieldOf(p)} باید یک نشانی ایمیل معتبر باشد`,
  numeric: (p: FieldMessageParams) => `${fieldOf(p)} فقط باید شامل رقم باشد`,
  integer: (p: FieldMessageParams) => `${fieldOf(p)} باید یک عدد صحیح باشد`,
  /** A number below its least value (unlike `min`, which counts characters). */
  minValue: (p: FieldMessageParams & { min: number }) => `${fieldOf(p)} نباید کمتر از ${persianDigits(p.min)} باشد`,
  /** A number above its greatest value. */
  maxValue: (p: FieldMessageParams & { max: number }) => `${fieldOf(p)} نباید بیشتر از ${persianDigits(p.max)} باشد`,
  alpha: (p: FieldMessageParams) => `${fieldOf(p)} فقط باید شامل حروف باشد`,
  alphaSpaces: (p: FieldMessageParams) => `${fieldOf(p)} فقط باید شامل حروف و فاصله باشد`,
  alphaNum: (p: FieldMessageParams) => `${fieldOf(p)} فقط باید شامل حروف و رقم باشد`,
  slug: (p: FieldMessageParams) =>
    `${fieldOf(p)} فقط باید شامل حروف کوچک انگلیسی و رقم باشد که با یک خط تیره از هم جدا شوند`,
  url: (p: FieldMessageParams) => `${fieldOf(p)} باید یک نشانی اینترنتی معتبر باشد`,
  specialChars: (p: FieldMessageParams) => `${fieldOf(p)} نباید نویسه‌های ویژه داشته باشد`,
  size: (p: FieldMessageParams & { length: number }) =>
    `حجم ${fieldOf(p)} نباید بیشتر از ${persianDigits(p.length)} کیلوبایت باشد`,
  ext: (p: FieldMessageParams & { extensions: readonly string[] }) =>
    `پسوند ${fieldOf(p)} باید یکی از این موارد باشد: ${p.extensions.join('، ')}`,
  password: 'رمز عبور باید دست‌کم ۸ نویسه و شامل حروف بزرگ و کوچک انگلیسی و عدد باشد',
  mobile: 'شماره موبایل معتبر نیست',
  passwordMismatch: 'رمز عبور و تکرار آن یکسان نیست',
  emailOrMobileRequired: 'ایمیل یا شماره موبایل را وارد کنید',
  emailOrMobileNotBoth: 'فقط یکی از ایمیل یا شماره موبایل را وارد کنید',
  resetCode: 'کد باید ۶ رقم باشد',
  smsCode: 'کد باید ۶ رقم باشد',
  futureDate: (p: FieldMessageParams) => `${fieldOf(p)} باید در آینده باشد`,
  latinCode: (p: FieldMessageParams) => `${fieldOf(p)} فقط باید شامل حروف انگلیسی و رقم باشد (بدون فاصله)`,
  endAfterStart: 'زمان پایان باید پس از زمان شروع باشد',
  productsRequired: 'دست‌کم یک دوره را انتخاب کنید',
  /** Quiz questions (issue 37). */
  optionsCount: 'دست‌کم ۲ و حداکثر ۱۰ گزینه بنویسید',
  oneCorrectOption: 'یک گزینه را به‌عنوان پاسخ درست مشخص کنید',
  someCorrectOption: 'دست‌کم یک گزینه را به‌عنوان پاسخ درست مشخص کنید',
  matchesCount: 'برای هر گزینه دقیقاً یک پاسخ جورکردنی بنویسید',
  acceptedAnswersCount: 'دست‌کم ۱ و حداکثر ۱۰ پاسخ پذیرفته بنویسید',
  duplicateOption: 'گزینه‌ها نباید تکراری باشند',
  questionIdsCount: 'دست‌کم ۱ و حداکثر ۲۰۰ پرسش برگزینید',
  duplicateQuestion: 'یک پرسش دو بار در آزمون آمده است',
  /** The whole input is not an object (e.g. a request body that is an array or a string). */
  invalidInput: 'داده‌های ارسالی معتبر نیست',
} as const;

// yup's own messages, which a rule declared without one falls back to (a type check without
// `typeError`, say), are English: every rule gets a Persian one instead (issue 10: a body of
// `{"commentable_type": {}}` was answered with yup's English text). Set here, before any schema of
// this package is built, since yup reads the locale when a rule is declared.
setLocale({
  mixed: {
    default: messages.invalid,
    required: messages.required,
    defined: messages.required,
    notNull: messages.required,
    oneOf: messages.invalid,
    notOneOf: messages.invalid,
    notType: messages.invalid,
  },
  string: {
    length: messages.invalid,
    min: messages.min,
    max: messages.max,
    matches: messages.invalid,
    email: messages.email,
    url: messages.url,
    uuid: messages.invalid,
    datetime: messages.invalid,
    datetime_offset: messages.invalid,
    datetime_precision: messages.invalid,
    trim: messages.invalid,
    lowercase: messages.invalid,
    uppercase: messages.invalid,
  },
  number: {
    min: messages.minValue,
    max: messages.maxValue,
    lessThan: messages.invalid,
    moreThan: messages.invalid,
    positive: messages.invalid,
    negative: messages.invalid,
    integer: messages.integer,
  },
  date: { min: messages.invalid, max: messages.invalid },
  boolean: { isValue: messages.invalid },
  object: { noUnknown: messages.invalid, exact: messages.invalid },
  array: { min: messages.invalid, max: messages.invalid, length: messages.invalid },
  tuple: { notType: messages.invalid },
});
