/**
 * The lesson transcoder (issue 24 "Processing"; modules/lessons/transcode.ts): checks that ffmpeg
 * and ffprobe run (when they do not, the server still starts, logs one error, and each job fails
 * with a Persian reason), then starts TRANSCODE_CONCURRENCY workers on the job queue and the
 * reaper of dead processes' jobs; a video lesson of a course with `forensic_watermark` on also gets
 * its B segments (modules/forensics). Stops them when the app closes, before the job queue stops.
 */
import fp from 'fastify-plugin';
import { wantsForensicWatermark } from '../../modules/commerce';
import { makeVariants } from '../../modules/forensics';
import { checkPrograms, startTranscoder, type MarkRenditions } from '../../modules/lessons';

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
    const programs = { ffmpegPath, ffprobePath };
    // The forensic watermark's B segments (issue 38 item 3), for the courses that keep it on.
    const mark: MarkRenditions = async ({ sessionId, source, probe, hlsDir, signal, onProgress }) => {
      if (!(await wantsForensicWatermark(app.db, sessionId))) return null;
      const made = await makeVariants(programs, source, probe, hlsDir, { signal, onProgress });
      app.log.info({ sessionId, ...made }, 'lesson marked for the forensic watermark');
      return made.renditions.length > 0 ? made.renditions : null;
    };
    const stop = await startTranscoder(app, programs, concurrency, mark);
    app.addHook('onClose', stop);
  },
  { name: 'transcoder', dependencies: ['jobs', 'stored-files'] },
);
