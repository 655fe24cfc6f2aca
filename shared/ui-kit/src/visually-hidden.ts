/**
 * `sx` that hides text from the eye but not from screen readers (e.g. «opens in a new tab» after
 * a link). Lengths are strings on purpose: in `sx`, a number up to 1 is a fraction (`width: 1` is 100%).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
