/** multipart/form-data bodies for `app.inject` (dashboard forms) and demo upload files. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A file part: name, bytes and the declared content type. */
export interface FilePart {
  filename: string;
  content: Buffer;
  type: string;
}

/** `{ payload, headers }` of a multipart body with `fields` and `files`. */
export function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG of `width`×`height` made with sharp. */
export async function pngFile(width = 2400, height = 1200): Promise<FilePart> {
  const content = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).png().toBuffer();
  return { filename: 'cover.png', content, type: 'image/png' };
}

/** A text file pretending to be a PNG. */
export const fakePng: FilePart = { filename: 'cover.png', content: Buffer.from('just some text, not an image'), type: 'image/png' };
