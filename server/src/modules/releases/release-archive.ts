/**
 * A release's tarball (issue 35 item 1): the remote's whole `dist` folder as a tar.gz, files at its
 * root. Read in memory, every entry checked before anything is stored: only regular files and
 * folders, relative paths of plain names (no absolute path, `..`, hidden name or link). The version
 * is named by the server from the files' content, so the same build always gets the same name.
 */
import { createHash } from 'node:crypto';
import { Parser, type ReadEntry } from 'tar';
import type { FederationVersions } from '@shop/contracts';
import { ApiError } from '../../lib/api-error';
import { RELEASES_MESSAGES } from './messages';
import { asFederationVersions, FEDERATION_VERSIONS_FILE } from './release-guard';

/** Largest tarball accepted, bytes (the request body; larger → 413). */
export const RELEASE_TARBALL_MAX_BYTES = 100 * 1024 * 1024;

/** Largest release once unpacked, bytes (all its files together, held in memory while it is stored). */
export const RELEASE_UNPACKED_MAX_BYTES = 200 * 1024 * 1024;

/** Files every release has: the browser's and the server's manifests, the entry, and the build's versions. */
export const RELEASE_REQUIRED_FILES = ['mf-manifest.json', 'remoteEntry.js', 'server/mf-manifest.json', FEDERATION_VERSIONS_FILE] as const;

/** A name in a release's path, as lib/storage.ts's private keys take it: no leading dot. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Entry types read as files; folders are implied by the files' paths. */
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/** A release read from its tarball. */
export interface ReleaseContent {
  /** Relative path (`server/mf-manifest.json`) → bytes. */
  files: Map<string, Buffer>;
  /** Bytes of all the files. */
  sizeBytes: number;
  /** The versions it was built with (its `federation-versions.json`). */
  federation: FederationVersions;
}

/**
 * The relative path of a tar entry (a leading `./` and a trailing `/` left out; `''` for the root
 * folder).
 * @throws ApiError 422 `tarballUnsafePath` for an absolute path, a `..` or a hidden name;
 * `tarballBadName` for a name with other characters
 */
export function releasePathOf(entryPath: string): string {
  if (entryPath.startsWith('/') || /^[A-Za-z]:/.test(entryPath) || entryPath.includes('\\')) throw new ApiError(422, RELEASES_MESSAGES.tarballUnsafePath(entryPath));
  const relative = entryPath.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (relative === '' || relative === '.') return '';
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment === '' || segment.startsWith('.'))) {
    throw new ApiError(422, RELEASES_MESSAGES.tarballUnsafePath(entryPath));
  }
  if (!segments.every((segment) => NAME.test(segment))) throw new ApiError(422, RELEASES_MESSAGES.tarballBadName(entryPath));
  return relative;
}

/**
 * Every regular file of a tar.gz (or plain tar), by relative path.
 * @throws ApiError 422 for an unreadable archive, an unsafe path ({@link releasePathOf}), an entry
 * that is neither a regular file nor a folder, or more than {@link RELEASE_UNPACKED_MAX_BYTES} unpacked
 */
export async function readTarball(tarball: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let total = 0;
  let refusal: ApiError | null = null;
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        try {
          const relative = releasePathOf(entry.path);
          if (entry.type === 'Directory') {
            entry.resume();
            return;
          }
          if (!FILE_TYPES.has(entry.type)) throw new ApiError(422, RELEASES_MESSAGES.tarballNotRegular(entry.path));
          total += entry.size;
          if (total > RELEASE_UNPACKED_MAX_BYTES) throw new ApiError(422, RELEASES_MESSAGES.tarballTooLarge(RELEASE_UNPACKED_MAX_BYTES / 1024 / 1024));
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => files.set(relative, Buffer.concat(chunks)));
        } catch (error) {
          refusal = error as ApiError;
          entry.resume();
          parser.abort(error as Error);
        }
      },
    });
    parser.on('error', () => reject(refusal ?? new ApiError(422, RELEASES_MESSAGES.tarballUnreadable)));
    parser.on('end', () => resolve());
    parser.end(tarball);
  });
  if (refusal) throw refusal;
  return files;
}

/**
 * The content hash of a release (hex sha256): over its files sorted by relative path (byte order),
 * each as `<path>\0<sha256 hex of its content>\n`.
 */
export function contentHashOf(files: Map<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const file of [...files.keys()].sort()) hash.update(`${file}\0${createHash('sha256').update(files.get(file)!).digest('hex')}\n`);
  return hash.digest('hex');
}

/** The version the server names a release: `<package version>+<first 7 hex digits of its content hash>`. */
export function versionOf(packageVersion: string, files: Map<string, Buffer>): string {
  return `${packageVersion}+${contentHashOf(files).slice(0, 7)}`;
}

/**
 * A release's tarball read and checked: its files, their size and the versions it was built with.
 * @throws ApiError 422 as {@link readTarball}, `tarballMissingFile` without one of
 * {@link RELEASE_REQUIRED_FILES}, `federationVersionsInvalid` for a versions file of another shape
 */
export async function readRelease(tarball: Buffer): Promise<ReleaseContent> {
  const files = await readTarball(tarball);
  const missing = RELEASE_REQUIRED_FILES.filter((file) => !files.has(file));
  if (missing.length > 0) throw new ApiError(422, missing.map(RELEASES_MESSAGES.tarballMissingFile).join('\n'));
  let federation: FederationVersions | null = null;
  try {
    federation = asFederationVersions(JSON.parse(files.get(FEDERATION_VERSIONS_FILE)!.toString('utf8')));
  } catch {
    federation = null;
  }
  if (!federation) throw new ApiError(422, RELEASES_MESSAGES.federationVersionsInvalid);
  let sizeBytes = 0;
  for (const content of files.values()) sizeBytes += content.length;
  return { files, sizeBytes, federation };
}
