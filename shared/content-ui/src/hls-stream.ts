/**
 * The seam between the media player and HLS (issue 24): hls.js where the browser has Media Source
 * Extensions, imported on demand so that only a page that plays a stream loads it (podcasts and
 * other pages do not), else the browser's own HLS. jsdom has neither, so the player's tests
 * replace this module; Chromium runs it for real in the end-to-end tests.
 */

/** One rendition of a stream the viewer may pick: `height` in pixels, 0 for the audio-only one. */
export interface StreamLevel {
  height: number;
}

/** What the player may do with a stream it attached. */
export interface StreamController {
  /** Plays rendition `index` of the levels reported, or picks by bandwidth again with -1 («خودکار»). */
  setLevel(index: number): void;
  /** Stops loading and lets go of the media element. */
  destroy(): void;
  /**
   * True when every later request takes the query `events.query` gives at that moment, so a
   * re-signed URL needs no reload (hls.js); false where the element loads the URL itself.
   */
  followsQuery: boolean;
}

/** `url` with the query `query` (`?a=1&b=2`, or empty) in place of its own, when it is on `base`'s origin. */
export function withQuery(url: string, query: string, base: string): string {
  const target = new URL(url, base);
  if (target.origin !== new URL(base).origin) return url;
  target.search = query;
  return target.href;
}

/**
 * True when the browser has Media Source Extensions (`ManagedMediaSource` on iOS 17.1 and later),
 * which hls.js plays through.
 */
function hasMediaSource(): boolean {
  return 'MediaSource' in window || 'ManagedMediaSource' in window;
}

/**
 * A media request the server refused with its reason (issue 38 item 2: another stream of the
 * account took over): the machine-readable `code` and the Persian `message` of its 4xx JSON body.
 */
export interface StreamRefusal {
  code: string;
  message: string;
}

/**
 * The refusal a failed media request's answer carries: a 4xx `status` whose body (JSON, as text or
 * bytes) has a string `code` and `message`; null for anything else.
 */
export function refusalOf(status: number | undefined, body: unknown): StreamRefusal | null {
  if (status === undefined || status < 400 || status > 499) return null;
  // An XHR's `arraybuffer` answer (a segment), or its text (a playlist).
  const bytes = Object.prototype.toString.call(body) === '[object ArrayBuffer]';
  const text = typeof body === 'string' ? body : bytes ? new TextDecoder().decode(body as ArrayBuffer) : null;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    return typeof parsed.code === 'string' && typeof parsed.message === 'string' ? { code: parsed.code, message: parsed.message } : null;
  } catch {
    return null;
  }
}

/** What {@link attachHlsStream} reports. */
export interface StreamEvents {
  /** The renditions in the playlist's order (the index `setLevel` takes), once it is read. */
  onLevels(levels: StreamLevel[]): void;
  /**
   * The stream cannot go on: refused with a reason (`refusal`, at its first refused request, with
   * no retry), or for another cause (an expired signature, a file hls.js cannot decode).
   */
  onFatal(refusal?: StreamRefusal): void;
  /**
   * The query every request of the stream carries, read at each request (a lesson's signature,
   * renewed before it expires: issue 32 item 1); none keeps each URL's own.
   */
  query?: () => string;
}

/** Fatal faults hls.js may try to get past before the player is told. */
const MAX_RECOVERIES = 3;

/**
 * Seconds of media hls.js keeps ahead of the playhead (issue 38 item 2). Once its buffer is full it
 * asks for the next segment each time one is played, so a stream another one took over hears of it
 * within about a segment (6 s). hls.js's own target grows with a low bitrate (to 8 × 60 MB ÷ the
 * bitrate, up to 10 minutes): a lesson would then be fetched whole and never ask again.
 */
export const MAX_BUFFER_AHEAD_S = 30;

/**
 * Plays the HLS master playlist `url` in `media`. Where the browser has Media Source Extensions,
 * hls.js (imported here, on first use) plays it and reports its renditions once the playlist is
 * read, for the quality menu; a fatal fault while loading a segment or decoding is retried the way
 * hls.js recommends (load again, recover the decoder) up to {@link MAX_RECOVERIES} times, and a
 * playlist refused (403 once its signature expired) or a fault past that calls `onFatal`.
 * Elsewhere (an iPhone before iOS 17.1) the element is given the URL and plays HLS itself, without
 * a quality list, and hls.js is never downloaded. With `events.query`, hls.js asks every playlist
 * and segment with that query, read at the request, so a re-signed URL goes on without a reload. hls.js comes first even where the browser also
 * plays HLS itself (Safari, and Chromium, whose `canPlayType` now answers «maybe»): only hls.js
 * lets the viewer choose a quality. A request refused with a reason ({@link refusalOf}) stops the
 * stream at once and reports it; where the browser plays HLS itself, its error makes the player ask
 * the playlist once more to read the reason.
 */
export async function attachHlsStream(media: HTMLMediaElement, url: string, events: StreamEvents): Promise<StreamController> {
  // The browser's own HLS says only that it failed: the playlist, asked once more, says why.
  const onNativeError = () => {
    void fetch(url, { credentials: 'include' })
      .then(async (response) => refusalOf(response.status, await response.text()))
      .catch(() => null)
      .then((refusal) => events.onFatal(refusal ?? undefined));
  };
  const native = () => {
    media.src = url;
    media.addEventListener('error', onNativeError);
    return {
      followsQuery: false,
      setLevel: () => undefined,
      destroy: () => {
        media.removeEventListener('error', onNativeError);
        media.removeAttribute('src');
        media.load();
      },
    };
  };
  if (!hasMediaSource()) return native();
  const { default: Hls } = await import(/* webpackChunkName: "hls" */ 'hls.js/light');
  if (!Hls.isSupported()) return native();
  // Safari's ManagedMediaSource (iOS 17.1+) opens only for an element that offers no AirPlay.
  if (!('MediaSource' in window)) media.disableRemotePlayback = true;
  const { query } = events;
  const hls = new Hls({
    capLevelToPlayerSize: true,
    maxBufferLength: MAX_BUFFER_AHEAD_S,
    maxMaxBufferLength: MAX_BUFFER_AHEAD_S,
    // hls.js opens the request with its own URL unless this opens it first.
    xhrSetup: query
      ? (xhr, requestUrl) => {
          const fresh = withQuery(requestUrl, query(), window.location.href);
          if (fresh !== requestUrl) xhr.open('GET', fresh, true);
        }
      : undefined,
  });
  let recoveries = 0;
  let stopped = false;
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => events.onLevels(data.levels.map((level) => ({ height: level.height || 0 }))));
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (stopped) return;
    // A refusal with a reason is final: no retry, no other rendition (issue 38 item 2).
    const request = data.networkDetails as XMLHttpRequest | undefined;
    const refusal = refusalOf(data.response?.code, request && 'response' in request ? (request.response as unknown) : undefined);
    if (refusal) {
      stopped = true;
      hls.destroy();
      events.onFatal(refusal);
      return;
    }
    if (!data.fatal) return;
    const manifest = data.details === Hls.ErrorDetails.MANIFEST_LOAD_ERROR || data.details === Hls.ErrorDetails.MANIFEST_PARSING_ERROR;
    if (!manifest && recoveries < MAX_RECOVERIES && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      recoveries += 1;
      hls.startLoad();
    } else if (!manifest && recoveries < MAX_RECOVERIES && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      recoveries += 1;
      hls.recoverMediaError();
    } else {
      stopped = true;
      hls.destroy();
      events.onFatal();
    }
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    followsQuery: query !== undefined,
    setLevel: (index) => {
      hls.currentLevel = index;
    },
    destroy: () => hls.destroy(),
  };
}
