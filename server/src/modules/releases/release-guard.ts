/**
 * The guard of issue 35 item 4 (first half): a remote's release is accepted only when it was built
 * against the `@shop/contracts` major and the singleton versions the running shell accepts, so a
 * remote that would fail in the browser is refused at release time instead.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import type { FederationVersions } from '@shop/contracts';
import { ApiError } from '../../lib/api-error';
import { RELEASES_MESSAGES } from './messages';

/** The name every build writes its versions under, at the root of its `dist`. */
export const FEDERATION_VERSIONS_FILE = 'federation-versions.json';

/** The name the guard's messages give the contracts package. */
const CONTRACTS_PACKAGE = '@shop/contracts';

/**
 * The range a shell built with `version` accepts: `^<major>.0.0`, or `~0.<minor>.0` for a 0.x
 * version (where a minor may break); null for a version that is not semver.
 */
export function acceptedRange(version: string): string | null {
  const parsed = semver.parse(version);
  if (!parsed) return null;
  return parsed.major === 0 ? `~0.${parsed.minor}.0` : `^${parsed.major}.0.0`;
}

/**
 * The mismatches of a release built with `release` against the running shell built with `shell`,
 * one Persian line each naming both versions (empty: accepted): for `contracts` and every singleton
 * the shell lists, the release's version must satisfy {@link acceptedRange} of the shell's
 * (prereleases included); a singleton the release lacks is a mismatch too. Singletons the release
 * has and the shell does not are not the shell's concern.
 */
export function compatibilityProblems(shell: FederationVersions, release: FederationVersions): string[] {
  const pairs: Array<[string, string, string | undefined]> = [
    [CONTRACTS_PACKAGE, shell.contracts, release.contracts],
    ...Object.entries(shell.singletons).map(([name, version]): [string, string, string | undefined] => [name, version, release.singletons[name]]),
  ];
  const problems: string[] = [];
  for (const [name, shellVersion, built] of pairs) {
    const range = acceptedRange(shellVersion) ?? shellVersion;
    if (built === undefined) problems.push(RELEASES_MESSAGES.singletonMissing(name, range));
    else if (!semver.valid(built) || !semver.satisfies(built, range, { includePrerelease: true })) problems.push(RELEASES_MESSAGES.incompatible(name, built, range));
  }
  return problems;
}

/** `value` as {@link FederationVersions}, or null when it has another shape. */
export function asFederationVersions(value: unknown): FederationVersions | null {
  if (!value || typeof value !== 'object') return null;
  const { contracts, singletons } = value as Partial<FederationVersions>;
  if (typeof contracts !== 'string' || contracts.length > 40 || !singletons || typeof singletons !== 'object' || Array.isArray(singletons)) return null;
  const entries = Object.entries(singletons);
  if (entries.length > 50 || entries.some(([name, version]) => name.length > 100 || typeof version !== 'string' || version.length > 40)) return null;
  return { contracts, singletons: Object.fromEntries(entries) as Record<string, string> };
}

/**
 * The versions the running shell was built with: `<shellDist>/federation-versions.json`.
 * @throws ApiError 422 `shellBuildMissing` when the file is missing or not of that shape (the shell is not built)
 */
export async function shellFederationVersions(shellDist: string): Promise<FederationVersions> {
  let versions: FederationVersions | null = null;
  try {
    versions = asFederationVersions(JSON.parse(await fs.readFile(path.join(shellDist, FEDERATION_VERSIONS_FILE), 'utf8')));
  } catch {
    versions = null;
  }
  if (!versions) throw new ApiError(422, RELEASES_MESSAGES.shellBuildMissing);
  return versions;
}

/**
 * Refuses a release the running shell does not accept (see {@link compatibilityProblems}).
 * @throws ApiError 422 with one line per mismatch; 422 `shellBuildMissing` without the shell's file
 */
export async function assertShellAccepts(shellDist: string, release: FederationVersions): Promise<void> {
  const problems = compatibilityProblems(await shellFederationVersions(shellDist), release);
  if (problems.length > 0) throw new ApiError(422, problems.join('\n'));
}
