import { attachHlsStream } from './hls-stream';

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
});
