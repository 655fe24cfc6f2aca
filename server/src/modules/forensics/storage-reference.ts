/**
 * A {@link ForensicReference} over a lesson stored in `app.storage` (the data folder or S3; issue 38
 * item 3): its `forensics.json` and the rendition's media playlist are read at once, each A or B
 * segment is downloaded into `workDir` the first time identification asks for it (a copy of three
 * minutes needs about thirty of each, not the whole lesson).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Variant } from './codeword';
import { segmentUris, variantUri } from './forensic-playlist';
import { SIGNATURE_FILE, type ForensicReference, type ReferenceSignature } from './reference';

/** Thrown when the lesson's stored files are missing (the lesson was replaced or its folder swept). */
export class ReferenceMissing extends Error {}

/** Reads the private file `key` whole, or throws {@link ReferenceMissing}. */
async function readPrivate(app: FastifyInstance, key: string): Promise<Buffer> {
  const opened = await app.storage.openPrivate(key);
  if (!opened) throw new ReferenceMissing(`missing ${key}`);
  return Buffer.concat(await opened.stream.toArray());
}

/**
 * Opens the reference of the lesson under the private prefix `hls` (`lessons/<id>/<uuid>/`),
 * downloading segments into `workDir` (made if needed; the caller removes it).
 * @param onSegment told after each segment downloaded (for progress)
 * @throws ReferenceMissing when `forensics.json`, the playlist or a segment is not in the store
 */
export async function openStoredReference(app: FastifyInstance, hls: string, workDir: string, onSegment: () => void = () => undefined): Promise<ForensicReference> {
  const signature = JSON.parse((await readPrivate(app, `${hls}${SIGNATURE_FILE}`)).toString('utf8')) as ReferenceSignature;
  if (signature.version !== 1) throw new Error(`forensic signature version ${String(signature.version)}`);
  const playlist = (await readPrivate(app, `${hls}${signature.rendition}/index.m3u8`)).toString('utf8');
  const uris = segmentUris(playlist);
  await fs.mkdir(workDir, { recursive: true });
  const fetched = new Map<string, Promise<string>>();
  return {
    signature,
    segmentFile(index: number, variant: Variant) {
      const uri = uris[index];
      if (uri === undefined) return Promise.reject(new RangeError(`segment ${index} of ${uris.length}`));
      const relative = variantUri(uri, variant);
      let file = fetched.get(relative);
      if (!file) {
        const local = path.join(workDir, relative.replaceAll('/', '_'));
        file = readPrivate(app, `${hls}${signature.rendition}/${relative}`).then(async (bytes) => {
          await fs.writeFile(local, bytes);
          onSegment();
          return local;
        });
        fetched.set(relative, file);
      }
      return file;
    },
  };
}
