/** @jest-environment-options {"url": "http://127.0.0.1:25124"} */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '@shop/ui-kit';
import { useMediaPlayback } from '@shop/test-utils';
import { MediaPlayer, POSITION_REPORT_SECONDS, WATERMARK_MOVE_MS } from './media-player';
import { attachHlsStream, type StreamEvents } from './hls-stream';

// jsdom plays no HLS: the seam to hls.js and the browser's HLS stands in for both (Chromium runs it for real).
jest.mock('./hls-stream', () => ({ attachHlsStream: jest.fn() }));
const attach = jest.mocked(attachHlsStream);
const setLevel = jest.fn();
const destroy = jest.fn();

const positionKey = (id: number) => `podcast-position:${id}`;

useMediaPlayback();
beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  attach.mockImplementation((_media: HTMLMediaElement, _url: string, events: StreamEvents) => {
    events.onLevels([{ height: 360 }, { height: 720 }, { height: 0 }]);
    return Promise.resolve({ setLevel, destroy, followsQuery: false });
  });
});

function renderPlayer() {
  render(
    <AppThemeProvider>
      <MediaPlayer
        src="/media/podcasts/4.mp3"
        title="اپیزود چهارم"
        label="پخش‌کننده پادکست"
        seekLabel="جابه‌جایی در اپیزود"
        positionKey={positionKey(4)}
        durationHint={600}
      />
    </AppThemeProvider>,
  );
  return document.querySelector('audio')!;
}

/** What the browser does once the file's header is read. */
function loadMetadata(audio: HTMLMediaElement, duration: number) {
  Object.defineProperty(audio, 'duration', { value: duration, configurable: true });
  act(() => {
    fireEvent.loadedMetadata(audio);
  });
}

describe('MediaPlayer', () => {
  it('plays and pauses from one keyboard-reachable button', async () => {
    const audio = renderPlayer();
    const play = screen.getByRole('button', { name: 'پخش' });
    act(() => play.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'توقف' })).toBeTruthy();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'پخش' })).toBeTruthy();
    expect(audio.getAttribute('src')).toBe('/media/podcasts/4.mp3');
  });

  it('sets the playback rate from the Persian speed buttons', async () => {
    const audio = renderPlayer();
    expect(screen.getByRole('group', { name: 'سرعت پخش' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '۱٫۵×' }));
    expect(audio.playbackRate).toBe(1.5);
    expect(screen.getByRole('button', { name: '۱٫۵×' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '۲×' }));
    expect(audio.playbackRate).toBe(2);
    // The default too, so a new source (a re-signed URL) plays on at the speed chosen (issue 32 item 1).
    expect(audio.defaultPlaybackRate).toBe(2);
    expect(screen.getAllByRole('button', { name: /×$/ }).map((b) => b.textContent)).toEqual(['۰٫۷۵×', '۱×', '۱٫۲۵×', '۱٫۵×', '۱٫۷۵×', '۲×']);
  });

  it('resumes where the listener stopped, saves while playing and forgets at the end', async () => {
    window.localStorage.setItem(positionKey(4), '125');
    const audio = renderPlayer();
    loadMetadata(audio, 3725);
    expect(audio.currentTime).toBe(125);
    expect(screen.getByTestId('player-current').textContent).toBe('۰۲:۰۵');
    expect(screen.getByTestId('player-duration').textContent).toBe('۱:۰۲:۰۵');
    const seek = screen.getByRole('slider', { name: 'جابه‌جایی در اپیزود' });
    expect(seek.getAttribute('aria-valuetext')).toBe('۰۲:۰۵ از ۱:۰۲:۰۵');

    audio.currentTime = 300;
    act(() => {
      fireEvent.timeUpdate(audio);
    });
    expect(window.localStorage.getItem(positionKey(4))).toBe('300');
    expect(screen.getByTestId('player-current').textContent).toBe('۰۵:۰۰');

    act(() => {
      fireEvent.ended(audio);
    });
    expect(window.localStorage.getItem(positionKey(4))).toBeNull();
  });

  it('does not resume a position at the very end, and moves ±10 s with the skip buttons', async () => {
    window.localStorage.setItem(positionKey(4), '598');
    const audio = renderPlayer();
    loadMetadata(audio, 600);
    expect(audio.currentTime).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'ده ثانیه جلو' }));
    expect(audio.currentTime).toBe(10);
    await userEvent.click(screen.getByRole('button', { name: 'ده ثانیه عقب' }));
    await userEvent.click(screen.getByRole('button', { name: 'ده ثانیه عقب' }));
    expect(audio.currentTime).toBe(0);
  });

  it('seeks with the arrow keys on the seek bar', async () => {
    const audio = renderPlayer();
    loadMetadata(audio, 600);
    const seek = screen.getByRole('slider', { name: 'جابه‌جایی در اپیزود' });
    act(() => seek.focus());
    // Right-to-left: the left arrow moves forward.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(audio.currentTime).toBe(2);
  });

  it('plays a video with the same Persian controls, never the native ones', async () => {
    render(
      <AppThemeProvider>
        <MediaPlayer kind="video" src="/media/sessions/1.mp4" title="جلسه اول" label="پخش‌کننده جلسه" seekLabel="جابه‌جایی در جلسه" positionKey="session-position:1" />
      </AppThemeProvider>,
    );
    const video = document.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(false);
    loadMetadata(video, 9);
    expect(screen.getByRole('region', { name: 'پخش‌کننده جلسه: جلسه اول' })).toBeTruthy();
    expect(screen.getByTestId('player-duration').textContent).toBe('۰۰:۰۹');
    await userEvent.click(video);
    expect(screen.getByRole('button', { name: 'توقف' })).toBeTruthy();
  });

  it('goes on at the same position, still playing, when a file URL is signed again', async () => {
    const props = { kind: 'video', title: 'جلسه اول', label: 'پخش‌کننده جلسه', seekLabel: 'جابه‌جایی در جلسه', startAt: 0 } as const;
    const { rerender } = render(
      <AppThemeProvider>
        <MediaPlayer {...props} src="/api/media/sessions/1?signature=a" />
      </AppThemeProvider>,
    );
    const video = document.querySelector('video')!;
    loadMetadata(video, 600);
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    video.currentTime = 100;
    act(() => {
      fireEvent.timeUpdate(video);
    });
    rerender(
      <AppThemeProvider>
        <MediaPlayer {...props} src="/api/media/sessions/1?signature=b" />
      </AppThemeProvider>,
    );
    expect(video.getAttribute('src')).toBe('/api/media/sessions/1?signature=b');
    // What the browser does with a new src: back to 0, paused, then the new file's metadata.
    video.pause();
    video.currentTime = 0;
    loadMetadata(video, 600);
    expect(video.currentTime).toBe(100);
    expect(video.paused).toBe(false);
  });

  it('plays a podcast file without hls.js, a quality menu or full screen', () => {
    renderPlayer();
    expect(attach).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /^کیفیت/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'تمام‌صفحه' })).toBeNull();
  });
});

const LESSON = '/api/product-sessions/7/hls/master.m3u8?expires=1&signature=a';

function renderLesson(props: Partial<Parameters<typeof MediaPlayer>[0]> = {}) {
  const onPosition = jest.fn();
  const view = render(
    <AppThemeProvider>
      <MediaPlayer
        kind="video"
        format="hls"
        src={LESSON}
        title="جلسه دوم"
        label="پخش‌کننده جلسه"
        seekLabel="جابه‌جایی در جلسه"
        subtitles="/api/product-sessions/7/subtitles.vtt"
        poster="/media/posters/7.jpg"
        watermark="0912***4567"
        onPosition={onPosition}
        {...props}
      />
    </AppThemeProvider>,
  );
  return { video: document.querySelector('video')!, onPosition, view };
}

describe('MediaPlayer with a lesson stream (issue 24)', () => {
  it('loads hls.js where the browser has no HLS and offers «خودکار» and each rendition', async () => {
    const { video } = renderLesson();
    expect(attach).toHaveBeenCalledWith(video, LESSON, expect.anything());
    expect(video.hasAttribute('src')).toBe(false);
    const quality = await screen.findByRole('button', { name: 'کیفیت: خودکار' });
    await userEvent.click(quality);
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['خودکار', '۳۶۰p', '۷۲۰p', 'فقط صدا']);
    expect(items[0]!.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: '۷۲۰p' }));
    expect(setLevel).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: 'کیفیت: ۷۲۰p' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'کیفیت: ۷۲۰p' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'خودکار' }));
    expect(setLevel).toHaveBeenLastCalledWith(-1);
  });

  it('offers no quality menu when the stream names no renditions (the browser plays it itself)', async () => {
    attach.mockImplementation(() => Promise.resolve({ setLevel, destroy, followsQuery: false }));
    renderLesson();
    await act(() => Promise.resolve());
    expect(attach).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /^کیفیت/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'تمام‌صفحه' })).toBeTruthy();
  });

  it('shows a Persian message and asks for a new URL when the stream fails', async () => {
    const onStreamError = jest.fn();
    attach.mockImplementation((_media, _url, events) => {
      events.onFatal();
      return Promise.resolve({ setLevel, destroy, followsQuery: false });
    });
    renderLesson({ onStreamError });
    expect(await screen.findByText('پخش این فایل ممکن نشد. صفحه را دوباره باز کنید.')).toBeTruthy();
    expect(onStreamError).toHaveBeenCalledTimes(1);
  });

  it('stops and says why when the server refuses the stream with a reason (issue 38)', async () => {
    const onStreamError = jest.fn();
    const refusal = { message: 'پخش این درس متوقف شد، چون با همین حساب درسی در دستگاه دیگری پخش شد.', code: 'stream_superseded' };
    let events: StreamEvents | undefined;
    attach.mockImplementation((_media, _url, given) => {
      events = given;
      return Promise.resolve({ setLevel, destroy, followsQuery: true });
    });
    const { video } = renderLesson({ onStreamError });
    loadMetadata(video, 60);
    await act(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    expect(video.paused).toBe(false);
    act(() => events!.onFatal(refusal));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(refusal.message);
    expect(screen.queryByText('پخش این فایل ممکن نشد. صفحه را دوباره باز کنید.')).toBeNull();
    expect(video.paused).toBe(true);
    expect(onStreamError).toHaveBeenCalledWith(refusal);
  });

  it('takes a re-signed URL into the playing hls.js stream without a reload: same place, speed, quality and subtitles (issue 32 item 1)', async () => {
    let events: StreamEvents | undefined;
    attach.mockImplementation((_media, _url, given) => {
      events = given;
      given.onLevels([{ height: 360 }, { height: 720 }]);
      return Promise.resolve({ setLevel, destroy, followsQuery: true });
    });
    const { video, view } = renderLesson();
    loadMetadata(video, 60);
    await act(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    await userEvent.click(screen.getByRole('button', { name: '۲×' }));
    await userEvent.click(screen.getByRole('button', { name: 'کیفیت: خودکار' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: '۷۲۰p' }));
    video.currentTime = 54;
    expect(events!.query!()).toBe('?expires=1&signature=a');
    const renewed = LESSON.replace('signature=a', 'signature=b');
    view.rerender(
      <AppThemeProvider>
        <MediaPlayer kind="video" format="hls" src={renewed} title="جلسه دوم" label="پخش‌کننده جلسه" seekLabel="جابه‌جایی در جلسه" subtitles="/api/product-sessions/7/subtitles.vtt" />
      </AppThemeProvider>,
    );
    await act(() => Promise.resolve());
    // The same stream, asking its next playlists and segments with the new signature.
    expect(attach).toHaveBeenCalledTimes(1);
    expect(destroy).not.toHaveBeenCalled();
    expect(events!.query!()).toBe('?expires=1&signature=b');
    expect([video.currentTime, video.paused, video.playbackRate]).toEqual([54, false, 2]);
    expect(setLevel).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: 'کیفیت: ۷۲۰p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'زیرنویس' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('goes on at the same position, still playing, when the URL is signed again', async () => {
    const { video, view } = renderLesson();
    loadMetadata(video, 600);
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    video.currentTime = 200;
    const renewed = LESSON.replace('signature=a', 'signature=b');
    view.rerender(
      <AppThemeProvider>
        <MediaPlayer kind="video" format="hls" src={renewed} title="جلسه دوم" label="پخش‌کننده جلسه" seekLabel="جابه‌جایی در جلسه" />
      </AppThemeProvider>,
    );
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(attach).toHaveBeenLastCalledWith(video, renewed, expect.anything());
    // What hls.js does to the element when it lets go of it and takes the new playlist.
    video.pause();
    video.currentTime = 0;
    loadMetadata(video, 600);
    expect(video.currentTime).toBe(200);
    expect(video.paused).toBe(false);
  });

  it('has the speeds, ±10 s, mute, subtitles and full screen, with Persian names', async () => {
    const { video } = renderLesson();
    loadMetadata(video, 600);
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('subtitles');
    expect(track.getAttribute('srclang')).toBe('fa');
    expect(video.getAttribute('poster')).toBe('/media/posters/7.jpg');
    const subtitles = screen.getByRole('button', { name: 'زیرنویس' });
    expect(subtitles.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(subtitles);
    expect(subtitles.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: '۰٫۷۵×' }));
    expect(video.playbackRate).toBe(0.75);
    await userEvent.click(screen.getByRole('button', { name: 'بی‌صدا' }));
    expect(video.muted).toBe(true);
    const player = screen.getByRole('region', { name: 'پخش‌کننده جلسه: جلسه دوم' });
    player.requestFullscreen = jest.fn(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'تمام‌صفحه' }));
    expect(player.requestFullscreen).toHaveBeenCalledTimes(1);
  });

  it('answers the keyboard shortcuts it lists, the left arrow going forward (right to left)', async () => {
    const { video } = renderLesson();
    loadMetadata(video, 600);
    const player = screen.getByRole('region', { name: 'پخش‌کننده جلسه: جلسه دوم' });
    player.requestFullscreen = jest.fn(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'میان‌برهای صفحه‌کلید' }));
    const list = screen.getByText('پیکان چپ').closest('dl')!;
    expect(list.textContent).toContain('پیکان چپ');
    expect(list.textContent).toContain('ده ثانیه جلو');
    act(() => player.focus());
    await userEvent.keyboard('k');
    expect(video.paused).toBe(false);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(20);
    await userEvent.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(10);
    await userEvent.keyboard('>>');
    expect(video.playbackRate).toBe(1.5);
    await userEvent.keyboard('<');
    expect(video.playbackRate).toBe(1.25);
    await userEvent.keyboard('m');
    expect(video.muted).toBe(true);
    await userEvent.keyboard('c');
    expect(screen.getByRole('button', { name: 'زیرنویس' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.keyboard('f');
    expect(player.requestFullscreen).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(video.paused).toBe(true);
  });

  it('draws the viewer in Persian digits over the video and moves it every few seconds', () => {
    jest.useFakeTimers();
    try {
      const random = jest.spyOn(Math, 'random').mockReturnValue(0);
      renderLesson();
      const mark = screen.getByTestId('player-watermark');
      expect(mark.textContent).toBe('۰۹۱۲***۴۵۶۷');
      expect(mark.getAttribute('aria-hidden')).toBe('true');
      const style = window.getComputedStyle(mark);
      expect(style.pointerEvents).toBe('none');
      expect(style.userSelect).toBe('none');
      expect(style.top).toBe('5%');
      random.mockReturnValue(0.5);
      act(() => {
        jest.advanceTimersByTime(WATERMARK_MOVE_MS);
      });
      expect(window.getComputedStyle(screen.getByTestId('player-watermark')).top).toBe('45%');
      random.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts at the saved position with «ادامه از …» and a way to start over', async () => {
    const { video, onPosition } = renderLesson({ startAt: 754 });
    expect(screen.getByText('ادامه از ۱۲:۳۴')).toBeTruthy();
    loadMetadata(video, 3600);
    expect(video.currentTime).toBe(754);
    expect(window.localStorage.length).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'شروع از ابتدا' }));
    expect(video.currentTime).toBe(0);
    expect(onPosition).toHaveBeenLastCalledWith(0, false);
    expect(screen.queryByText('ادامه از ۱۲:۳۴')).toBeNull();
  });

  it('resumes a short clip halfway, and not a place within the last 5 s of a long lesson', () => {
    const short = renderLesson({ startAt: 2 });
    loadMetadata(short.video, 4);
    expect(short.video.currentTime).toBe(2);
    expect(screen.getByText('ادامه از ۰۰:۰۲')).toBeTruthy();
    short.view.unmount();
    const nearEnd = renderLesson({ startAt: 3597 });
    loadMetadata(nearEnd.video, 3600);
    expect(nearEnd.video.currentTime).toBe(0);
    expect(screen.queryByText(/^ادامه از/)).toBeNull();
  });

  it('lets «ادامه از …» go once the lesson has played on a while', async () => {
    const { video } = renderLesson({ startAt: 754 });
    loadMetadata(video, 3600);
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    for (const seconds of [758, 765]) {
      video.currentTime = seconds;
      act(() => {
        fireEvent.timeUpdate(video);
      });
      expect(screen.queryByText('ادامه از ۱۲:۳۴') !== null).toBe(seconds === 758);
    }
  });

  it('reports the position while playing, on pause, and when the page is left', async () => {
    const { video, onPosition } = renderLesson();
    loadMetadata(video, 600);
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    const playTo = (seconds: number) => {
      video.currentTime = seconds;
      act(() => {
        fireEvent.timeUpdate(video);
      });
    };
    playTo(0.3);
    playTo(POSITION_REPORT_SECONDS - 0.1);
    expect(onPosition).not.toHaveBeenCalled();
    playTo(POSITION_REPORT_SECONDS + 0.4);
    expect(onPosition).toHaveBeenLastCalledWith(POSITION_REPORT_SECONDS, false);
    expect(onPosition).toHaveBeenCalledTimes(1);
    playTo(7.9);
    await userEvent.click(screen.getByRole('button', { name: 'توقف' }));
    expect(onPosition).toHaveBeenLastCalledWith(7, false);
    // A seek is reported once, not again by the pause that follows in the same second.
    await userEvent.click(screen.getByRole('button', { name: 'پخش' }));
    await userEvent.click(screen.getByRole('button', { name: 'ده ثانیه عقب' }));
    await userEvent.click(screen.getByRole('button', { name: 'توقف' }));
    expect(onPosition.mock.calls.slice(2)).toEqual([[0, false]]);
    video.currentTime = 8.2;
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onPosition).toHaveBeenLastCalledWith(8, true);
  });
});
