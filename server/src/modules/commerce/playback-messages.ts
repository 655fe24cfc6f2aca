/**
 * The Persian texts of a lesson's playback (issue 38 items 1 and 2): the device limit, the
 * monthly removals, a stream another one took over, and staff's reset.
 */
import { formatJalaliDate, formatNumber } from '@shop/format';

/** One device as the refusal lists it: its name and when it last played. */
export interface ListedDevice {
  name: string;
  last_used_at: Date | string;
}

/** The Persian texts the playback routes answer with. */
export const PLAYBACK_MESSAGES = {
  /**
   * A new device beyond the site's limit (409 `device_limit`): the account's devices, each with
   * when it last played (Jalali, Tehran), and what to do.
   */
  deviceLimit: (max: number, devices: ListedDevice[]) =>
    `درس‌های شما حداکثر روی ${formatNumber(max)} دستگاه پخش می‌شوند و این دستگاه تازه است. دستگاه‌های حساب شما: ${devices
      .map((device) => `${device.name} (آخرین پخش: ${formatJalaliDate(device.last_used_at, { withTime: true })})`)
      .join('، ')}. برای پخش در این دستگاه، یکی از آن‌ها را حذف کنید.`,
  /** A media request or renewal of a stream that another one of the account took over (409 `stream_superseded`). */
  streamSuperseded: 'پخش این درس متوقف شد، چون با همین حساب درسی در دستگاه یا صفحه‌ای دیگر پخش شد. برای ادامه در همین‌جا، دوباره پخش را بزنید؛ آن پخش دیگر متوقف می‌شود.',
  /** A paid lesson asked for without a device key (422 on `device_key`). */
  deviceKeyInvalid: 'شناسه این مرورگر فرستاده نشد یا درست نیست؛ صفحه را دوباره باز کنید.',
  deviceRemoved: 'دستگاه حذف شد.',
  /** The month's removals used (429): how many, and from when one is allowed again (Jalali). */
  deviceRemovalsUsed: (allowed: number, nextAt: Date | string) =>
    `در ۳۰ روز گذشته ${formatNumber(allowed)} دستگاه حذف کرده‌اید و بیشتر از این ممکن نیست؛ از ${formatJalaliDate(nextAt, { withTime: true })} می‌توانید دوباره دستگاهی را حذف کنید.`,
  /** Removals turned off by the site (`device_removals_per_month` 0). */
  deviceRemovalsClosed: 'حذف دستگاه در این سایت بسته است؛ برای کمک با پشتیبانی تماس بگیرید.',
  devicesReset: 'همه دستگاه‌های این کاربر حذف شدند و پخش‌هایش متوقف شد.',
  /** A device unknown to the caller (404). */
  deviceNotFound: 'این دستگاه در حساب شما نیست.',
  /** Names of a device whose user agent says nothing known. */
  unknownBrowser: 'مرورگر ناشناس',
  unknownDevice: 'دستگاه ناشناس',
  /** Joins a browser and its system: «Chrome روی Windows». */
  deviceName: (browser: string, system: string) => `${browser} روی ${system}`,
} as const;
