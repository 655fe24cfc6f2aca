#!/bin/sh
# Regenerates the demo podcast clips in seed-media/audio (committed; the seed only copies them).
# Needs: apt-get install -y espeak-ng opus-tools. Persian voice, ~6-10 s each, Opus 16 kb/s mono.
set -eu
cd "$(dirname "$0")/../seed-media/audio"
say() {
  espeak-ng -v fa -s 150 -w "/tmp/$1.wav" "$2"
  opusenc --quiet --bitrate 16 --downmix-mono "/tmp/$1.wav" "$1.ogg"
  rm -f "/tmp/$1.wav"
}
say podcast-1 'سلام. در این قسمت درباره این صحبت می‌کنیم که چطور برنامه‌نویسی را از صفر شروع کنیم و ناامید نشویم.'
say podcast-2 'امروز از عادت‌های کوچکی می‌گوییم که کد شما را خواناتر می‌کند؛ از نام‌گذاری خوب تا تابع‌های کوتاه.'
say podcast-3 'در این گفت‌وگو سراغ آزمون نویسی می‌رویم و می‌بینیم چرا تست خوب، شجاعت تغییر دادن کد را به ما می‌دهد.'
say podcast-4 'پایگاه داده فقط جای نگه‌داری داده نیست. در این قسمت درباره طراحی جدول‌ها و ایندکس‌ها حرف می‌زنیم.'
say podcast-5 'یادگیری مداوم سخت است. در این قسمت از روش‌هایی می‌گوییم که کمک می‌کند هر روز کمی بهتر شویم.'
say podcast-6 'در آخرین قسمت این فصل، تجربه‌های یک سال کار روی یک پروژه متن‌باز را با شما در میان می‌گذاریم.'
