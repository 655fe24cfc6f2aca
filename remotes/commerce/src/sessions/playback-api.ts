import { api } from '@shop/api-client';
import { DEVICE_KEY_HEADER, type Item, type LessonPlayback, type OwnDevices } from '@shop/contracts';
import { deviceKey } from './device-key';

/** What the player asks for: the session's playable URLs, renewing `stream_id` when it has one. */
export interface PlaybackArgs {
  sessionId: number;
  stream_id?: string;
}

/**
 * A lesson's playback and the buyer's devices (issue 38, contracts' playback.ts):
 * `POST /api/product-sessions/:id/playback` with this browser's `X-Device-Key` (409 `device_limit`
 * or `stream_superseded`), `GET /api/devices` and `DELETE /api/devices/:id` (429 past the month's removals).
 */
export const playbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    startLessonPlayback: build.mutation<Item<LessonPlayback>, PlaybackArgs>({
      query: ({ sessionId, stream_id }) => ({
        url: `/product-sessions/${sessionId}/playback`,
        method: 'POST',
        body: stream_id ? { stream_id } : {},
        headers: { [DEVICE_KEY_HEADER]: deviceKey() },
      }),
      invalidatesTags: [{ type: 'Device', id: 'OWN' }],
    }),
    getOwnDevices: build.query<Item<OwnDevices>, void>({
      query: () => '/devices',
      providesTags: [{ type: 'Device', id: 'OWN' }],
    }),
    removeOwnDevice: build.mutation<{ message: string; data: OwnDevices }, number>({
      query: (id) => ({ url: `/devices/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [{ type: 'Device', id: 'OWN' }] : []),
    }),
  }),
});

export const { useStartLessonPlaybackMutation, useGetOwnDevicesQuery, useRemoveOwnDeviceMutation } = playbackApi;
