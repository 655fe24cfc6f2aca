/**
 * The identifier of leaked copies (issue 38 item 3; modules/forensics/identify-job.ts): one worker
 * on the job queue per process that transcodes (TRANSCODE_CONCURRENCY > 0: both decode video with
 * ffmpeg), stopped when the app closes, before the job queue stops.
 */
import fp from 'fastify-plugin';
import { startIdentifier } from '../../modules/forensics';

export default fp(
  async (app) => {
    const { concurrency, ffmpegPath, ffprobePath } = app.settings.transcode;
    if (concurrency <= 0) return;
    const stop = await startIdentifier(app, { ffmpegPath, ffprobePath });
    app.addHook('onClose', stop);
  },
  { name: 'forensic-identifier', dependencies: ['jobs', 'transcoder'] },
);
