/**
 * True when the facade version the shell provides satisfies a remote's `^x.y.z` need:
 * same major, and a minor/patch at least as new (facades only ever add exports, DESIGN.md).
 */
export function satisfiesCaret(provided: string, required: string): boolean {
  const [pMajor = 0, pMinor = 0, pPatch = 0] = provided.split('.').map(Number);
  const [rMajor = 0, rMinor = 0, rPatch = 0] = required.replace(/^\^/, '').split('.').map(Number);
  if (pMajor !== rMajor) return false;
  if (pMinor !== rMinor) return pMinor > rMinor;
  return pPatch >= rPatch;
}
