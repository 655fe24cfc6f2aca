/**
 * The guard of issue 35 item 4 (modules/releases/release-guard.ts): a release is accepted when its
 * `@shop/contracts` and every singleton the running shell lists are in the shell's range
 * (`^<major>.0.0`, `~0.<minor>.0` for 0.x), and each refusal names both versions.
 */
import type { FederationVersions } from '@shop/contracts';
import { acceptedRange, compatibilityProblems } from '../../../src/modules/releases';

const SHELL: FederationVersions = {
  contracts: '1.5.0',
  singletons: { react: '19.2.1', 'react-dom': '19.2.1', '@mui/material': '7.3.4', '@reduxjs/toolkit': '2.9.0', 'react-router': '7.9.3' },
};

const release = (changes: Partial<FederationVersions> & { drop?: string[] } = {}): FederationVersions => {
  const singletons: Record<string, string> = { ...SHELL.singletons, ...changes.singletons };
  for (const name of changes.drop ?? []) delete singletons[name];
  return { contracts: changes.contracts ?? SHELL.contracts, singletons };
};

describe('acceptedRange', () => {
  it('is ^<major>.0.0 of a shell version, ~0.<minor>.0 of a 0.x one, null for no semver', () => {
    expect(acceptedRange('1.5.0')).toBe('^1.0.0');
    expect(acceptedRange('19.2.1')).toBe('^19.0.0');
    expect(acceptedRange('0.4.2')).toBe('~0.4.0');
    expect(acceptedRange('2.0.0-rc.1')).toBe('^2.0.0');
    expect(acceptedRange('latest')).toBeNull();
  });
});

describe('compatibilityProblems', () => {
  it('accepts a release built with the same majors, older or newer minors and patches', () => {
    expect(compatibilityProblems(SHELL, release())).toEqual([]);
    expect(compatibilityProblems(SHELL, release({ contracts: '1.0.0', singletons: { react: '19.0.0', '@mui/material': '7.9.0' } }))).toEqual([]);
    expect(compatibilityProblems(SHELL, release({ contracts: '1.9.3', singletons: { 'react-dom': '19.3.0-canary.1' } }))).toEqual([]);
    // A singleton the shell does not list is not its concern.
    expect(compatibilityProblems(SHELL, release({ singletons: { 'left-pad': '9.0.0' } }))).toEqual([]);
  });

  it('refuses another contracts major, naming both', () => {
    expect(compatibilityProblems(SHELL, release({ contracts: '2.0.0' }))).toEqual([
      'این نسخه با @shop/contracts 2.0.0 ساخته شده و پوستهٔ در حال اجرا ^1.0.0 را می‌پذیرد.',
    ]);
    expect(compatibilityProblems(SHELL, release({ contracts: '0.9.0' }))).toHaveLength(1);
  });

  it('refuses one line per singleton out of range, and one the release lacks', () => {
    const problems = compatibilityProblems(SHELL, release({ singletons: { react: '18.3.1', '@mui/material': '6.4.0' }, drop: ['react-router'] }));
    expect(problems).toEqual([
      'این نسخه با react 18.3.1 ساخته شده و پوستهٔ در حال اجرا ^19.0.0 را می‌پذیرد.',
      'این نسخه با @mui/material 6.4.0 ساخته شده و پوستهٔ در حال اجرا ^7.0.0 را می‌پذیرد.',
      'این نسخه react-router را ندارد و پوستهٔ در حال اجرا ^7.0.0 را می‌پذیرد.',
    ]);
  });

  it('holds a 0.x shell to its minor, and refuses a version that is not semver', () => {
    const shell: FederationVersions = { contracts: '0.4.2', singletons: { react: '19.2.1' } };
    expect(compatibilityProblems(shell, { contracts: '0.4.9', singletons: { react: '19.0.0' } })).toEqual([]);
    expect(compatibilityProblems(shell, { contracts: '0.5.0', singletons: { react: '19.0.0' } })).toEqual([
      'این نسخه با @shop/contracts 0.5.0 ساخته شده و پوستهٔ در حال اجرا ~0.4.0 را می‌پذیرد.',
    ]);
    expect(compatibilityProblems(shell, { contracts: 'next', singletons: { react: '19.0.0' } })).toHaveLength(1);
  });
});
