/**
 * hls.js's light build (`hls.js/light`: no alternate audio, subtitle tracks, DRM or CMCD, none of
 * which the lessons use; about 50 KB brotli smaller) ships without its own declaration: it is the
 * same API as the full build.
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
