import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** A text of a remote's `src/strings.ts` and what the redeployed build says instead. */
export interface StringChange {
  from: string;
  to: string;
}

/**
 * Builds a copy of a remote with a changed string, as a domain team's next build would, while its
 * sources stay untouched; about 30–60 s on two cores (one production webpack build).
 * @returns the copy's `dist` folder, in `e2e/.artifacts/<name>-<label>`
 * @throws when `src/strings.ts` lacks `change.from`, or the build fails
 */
export function buildChangedRemote(name: string, change: StringChange, label = 'rebuild'): string {
  const copy = join(root, `e2e/.artifacts/${name}-${label}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(join(root, `remotes/${name}`), copy, { recursive: true, filter: (path) => !path.includes('/dist') });
  // The copy sits elsewhere in the tree: point its tsconfig at the shared base directly.
  writeFileSync(join(copy, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.base.json'), include: ['src'] }));
  const strings = join(copy, 'src/strings.ts');
  const source = readFileSync(strings, 'utf8');
  if (!source.includes(change.from)) throw new Error(`${strings} has no ${change.from}`);
  writeFileSync(strings, source.replace(change.from, change.to));
  execFileSync(join(root, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: copy, stdio: 'pipe' });
  return join(copy, 'dist');
}

/**
 * Redeploys one remote with a changed string ({@link buildChangedRemote}) by swapping the build in
 * for `remotes/<name>/dist`, while the site keeps running. Returns `restore()`, which puts the
 * original build back; call it in a `finally`.
 */
export function redeployRemote(name: string, change: StringChange): () => void {
  const dist = join(root, `remotes/${name}/dist`);
  const built = buildChangedRemote(name, change);
  const kept = join(root, `e2e/.artifacts/${name}-dist-original`);
  rmSync(kept, { recursive: true, force: true });
  renameSync(dist, kept);
  renameSync(built, dist);
  return () => {
    rmSync(dist, { recursive: true, force: true });
    renameSync(kept, dist);
    rmSync(join(built, '..'), { recursive: true, force: true });
  };
}
