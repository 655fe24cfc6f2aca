/** The part of webvtt-parser 2.2 (a WebVTT parser and validator) the server uses; it ships no types. */
declare module 'webvtt-parser' {
  export class WebVTTParser {
    /** Parses a WebVTT file; `errors` lists what breaks the format (empty for a valid file). */
    parse(input: string, mode?: 'metadata'): { cues: unknown[]; errors: Array<{ message: string; line: number; col?: number }> };
  }
}
