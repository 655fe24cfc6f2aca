/** @jest-environment-options {"url": "http://127.0.0.1:25124"} */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '@shop/ui-kit';
import { MediaPlayer } from './media-player';

const positionKey = (id: number) => `podcast-position:${id}`;

// jsdom's media elements do not play: stand in for the browser's play()/pause() and their events.
beforeAll(() => {
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  HTMLMediaElement.prototype.pause = function pause(this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  };
});
beforeEach(() => window.localStorage.clear());

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
    expect(screen.getAllByRole('button', { name: /×$/ }).map((b) => b.textContent)).toEqual(['۱×', '۱٫۲۵×', '۱٫۵×', '۲×']);
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
});
