/**
 * The refusal of a lesson's playback (issue 38 items 1 and 2): 409 with a Persian message and a
 * machine-readable `code`, so the player tells a device limit (and lists the devices) from a
 * stream another one took over, and stops instead of asking again.
 */
import type { OwnDevices, PlaybackRefusal, PlaybackRefusalCode } from '@shop/contracts';
import { ApiError } from '../../lib/api-error';
import { PLAYBACK_MESSAGES } from './playback-messages';

/** A 409 {@link PlaybackRefusal}: `device_limit` with the account's devices, or `stream_superseded`. */
export class PlaybackRefusalError extends ApiError {
  constructor(
    readonly code: PlaybackRefusalCode,
    message: string,
    readonly devices?: OwnDevices,
  ) {
    super(409, message);
    this.name = 'PlaybackRefusalError';
  }

  /** `{message, code, devices?}`. */
  override toBody(): PlaybackRefusal {
    return this.devices ? { message: this.message, code: this.code, devices: this.devices } : { message: this.message, code: this.code };
  }
}

/** The refusal of a stream another stream of the account took over (issue 38 item 2). */
export const streamSuperseded = () => new PlaybackRefusalError('stream_superseded', PLAYBACK_MESSAGES.streamSuperseded);
