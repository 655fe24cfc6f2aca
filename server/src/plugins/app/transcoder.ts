/**
 * The lesson transcoder (issue 24 "Processing"; modules/lessons/transcode.ts): checks that ffmpeg
 * and ffprobe run (when they do not, the server still starts, logs one error, and each job fails
 * with a Persian reason), then starts TRANSCODE_CONCURRENCY workers on the job queue and the
 * reaper of dead processes' jobs. Stops them when the app closes, before the job queue stops.
 */
import fp from 'fastify-plugin';
import { checkPrograms, startTranscoder } from '../../modules/lessons';

export default fp(
  async (app) => {
    const { concurrency, ffmpegPath, ffprobePath } = app.settings.transcode;
    const missing = await checkPrograms({ ffmpegPath, ffprobePath });
    if (missing) {
      app.log.error(
        { err: missing, ffmpegPath, ffprobePath },
        'ffmpeg or ffprobe does not run: lesson videos cannot be processed (install Debian\'s ffmpeg package or set FFMPEG_PATH and FFPROBE_PATH)',
      );
    }
    const stop = await startTranscoder(app, { ffmpegPath, ffprobePath }, concurrency);
    app.addHook('onClose', stop);
  },
  { name: 'transcoder', dependencies: ['jobs', 'stored-files'] },
);
