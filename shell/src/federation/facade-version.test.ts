import { satisfiesCaret } from './facade-version';

describe('satisfiesCaret', () => {
  it.each([
    ['1.0.0', '^1.0.0', true],
    ['1.2.0', '^1.1.5', true],
    ['1.1.5', '^1.1.5', true],
    ['1.1.4', '^1.1.5', false],
    ['1.0.0', '^1.1.0', false],
    ['2.0.0', '^1.0.0', false],
    ['1.9.9', '^2.0.0', false],
  ])('shell %s for a remote needing %s → %s', (provided, required, expected) => {
    expect(satisfiesCaret(provided, required)).toBe(expected);
  });
});
