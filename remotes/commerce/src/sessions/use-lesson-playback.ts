import { useCallback, useEffect, useState } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { LessonPlayback, OwnDevices, PlaybackRefusal } from '@shop/contracts';
import { useStartLessonPlaybackMutation } from './playback-api';
import { playbackStrings } from './playback-strings';

/** Signed URLs are asked for again this long before they expire, milliseconds. */
export const RESIGN_BEFORE_EXPIRY_MS = 60_000;

/** Never asked again sooner than this after a page got them (a client clock ahead of the server's), milliseconds. */
export const RESIGN_MIN_WAIT_MS = 10_000;

/**
 * Where a lesson's playback stands (issue 38): being asked for; `ready` with its URLs; refused on
 * this device (`device-limit`, with the account's devices); `superseded` by a stream elsewhere
 * (the Persian reason); or `failed`.
 */
export type PlaybackState =
  | { status: 'starting' }
  | { status: 'ready'; playback: LessonPlayback }
  | { status: 'device-limit'; message: string; devices: OwnDevices }
  | { status: 'superseded'; message: string }
  | { status: 'failed'; message: string };

/**
 * The playback of session `sessionId`'s ready lesson on this browser (issue 38): asked for once the
 * page runs in the browser (never on the server: the device key lives in localStorage), renewed
 * with its stream a minute before its URLs expire. `start()` starts a new stream (the first one,
 * «پخش در این دستگاه» after a takeover, or after a device was removed), `renew()` signs the current
 * one again (a media request refused for an expired signature), `stop(reason)` shows that another
 * stream took over (a media request answered 409 `stream_superseded`).
 */
export function useLessonPlayback(sessionId: number) {
  const [ask] = useStartLessonPlaybackMutation();
  const [state, setState] = useState<PlaybackState>({ status: 'starting' });

  const request = useCallback(
    async (streamId?: string) => {
      try {
        const { data } = await ask({ sessionId, stream_id: streamId }).unwrap();
        setState({ status: 'ready', playback: data });
      } catch (error) {
        const failure = error as FetchBaseQueryError;
        const { status, message } = claimApiError(failure);
        const refusal = ('data' in failure ? failure.data : undefined) as Partial<PlaybackRefusal> | undefined;
        if (status === 409 && refusal?.code === 'device_limit' && refusal.devices) {
          setState({ status: 'device-limit', message: message ?? '', devices: refusal.devices });
        } else if (status === 409 && refusal?.code === 'stream_superseded') {
          setState({ status: 'superseded', message: message ?? '' });
        } else {
          setState({ status: 'failed', message: message ?? playbackStrings.failed });
        }
      }
    },
    [ask, sessionId],
  );

  useEffect(() => {
    void request();
  }, [request]);

  const playback = state.status === 'ready' ? state.playback : null;
  useEffect(() => {
    if (!playback) return undefined;
    const wait = Math.max(RESIGN_MIN_WAIT_MS, Date.parse(playback.expires_at) - Date.now() - RESIGN_BEFORE_EXPIRY_MS);
    const timer = window.setTimeout(() => void request(playback.stream_id ?? undefined), wait);
    return () => window.clearTimeout(timer);
  }, [playback, request]);

  return {
    state,
    start: () => {
      setState({ status: 'starting' });
      void request();
    },
    renew: () => void request(playback?.stream_id ?? undefined),
    stop: (message: string) => setState({ status: 'superseded', message }),
  };
}
