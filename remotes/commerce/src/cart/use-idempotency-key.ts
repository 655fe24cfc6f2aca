import { useRef } from 'react';

/** A random key of 128 bits in hex; `getRandomValues` also works on plain-HTTP origins, unlike `randomUUID`. */
function newKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a checkout (issue 6): one key per state of the cart, so a double click
 * or a retry after a lost answer gives one order, while a changed cart gets a new key.
 * @returns `keyFor(state)`: the same key for the same state string, a new one when it changes
 * @example
 * const keyFor = useIdempotencyKey();
 * checkout({ idempotencyKey: keyFor(items.map((item) => item.product_id).join(',')) });
 */
export function useIdempotencyKey(): (state: string) => string {
  const current = useRef<{ state: string; key: string } | null>(null);
  return (state) => {
    if (current.current?.state !== state) current.current = { state, key: newKey() };
    return current.current.key;
  };
}
