import { attachHlsStream, refusalOf } from './hls-stream';

// Proof that a browser without Media Source Extensions never downloads hls.js.
jest.mock('hls.js/light', () => {
  throw new Error('hls.js was loaded');
});

describe('attachHlsStream', () => {
  it('hands the playlist to the element where there are no Media Source Extensions (jsdom, an older iPhone)', async () => {
    const video = document.createElement('video');
    video.load = jest.fn();
    const onLevels = jest.fn();
    const onFatal = jest.fn();
    const url = '/api/product-sessions/7/hls/master.m3u8?signature=a';
    const stream = await attachHlsStream(video, url, { onLevels, onFatal });
    expect(video.getAttribute('src')).toBe(url);
    stream.setLevel(1);
    stream.destroy();
    expect(video.hasAttribute('src')).toBe(false);
    expect(video.load).toHaveBeenCalledTimes(1);
    expect(onLevels).not.toHaveBeenCalled();
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('asks the playlist once more when the browser’s own HLS fails, and reports the server’s reason (issue 38)', async () => {
    const refused = { message: 'پخش این درس متوقف شد.', code: 'stream_superseded' };
    const asked = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(refused), { status: 409 }));
    try {
      const video = document.createElement('video');
      video.load = jest.fn();
      const onFatal = jest.fn();
      const url = '/api/media/lessons/7/hls/master.m3u8?viewer=1&stream=1.a&expires=1&signature=a';
      await attachHlsStream(video, url, { onLevels: jest.fn(), onFatal });
      video.dispatchEvent(new Event('error'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(asked).toHaveBeenCalledWith(url, { credentials: 'include' });
      expect(onFatal).toHaveBeenCalledWith(refused);
    } finally {
      asked.mockRestore();
    }
  });
});

describe('refusalOf', () => {
  it('reads a 4xx body with a code and a message, as text or bytes, and nothing else', () => {
    const body = JSON.stringify({ message: 'متوقف شد', code: 'stream_superseded' });
    expect(refusalOf(409, body)).toEqual({ message: 'متوقف شد', code: 'stream_superseded' });
    expect(refusalOf(409, new TextEncoder().encode(body).buffer)).toEqual({ message: 'متوقف شد', code: 'stream_superseded' });
    expect(refusalOf(403, JSON.stringify({ message: 'forbidden: منقضی' }))).toBeNull();
    expect(refusalOf(500, body)).toBeNull();
    expect(refusalOf(undefined, body)).toBeNull();
    expect(refusalOf(409, 'not json')).toBeNull();
  });
});
