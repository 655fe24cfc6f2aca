/**
 * The lessons module's one door (issue 34 item 1): lesson uploads and their transcoding to HLS with
 * ffmpeg (issue 24). Another module, a route, a plugin or the seed imports only this file of the
 * module; lint refuses the others (eslint.config.mjs).
 */
export { checkPrograms, ffmpegBytes, type FfmpegPrograms, grabFrame, hlsFilesOf, probeMedia, renderTestClip, SEGMENT_SECONDS, transcodeToHls, type MediaProbe } from './ffmpeg';
export { createLessonUploadServer, LESSON_UPLOADS_PATH } from './lesson-uploads';
export { type MarkRenditions, retryTranscode, startTranscoder } from './transcode';
export { LESSONS_MESSAGES } from './messages';
