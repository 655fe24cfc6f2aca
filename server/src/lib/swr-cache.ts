/**
 * A short-lived in-process cache with stale-while-revalidate and one computation per key, for the
 * answers every visitor shares (issue 9 "The API near the ceiling", issue 10 "Load and faults"):
 * the public API answers (plugins/app/public-cache.ts) and visitors' rendered pages
 * (plugins/app/static-site.ts).
 *
 * - A kept value is fresh for `ttlMs`, then stale.
 * - One caller at a time computes a key (it holds the key's {@link Turn}). While it does, others
 *   get the stale value, or, when there is none, wait for its turn to end and look again.
 * - {@link SwrCache.clear} (an accepted write) empties the cache; a turn that began before it keeps
 *   nothing, so a value computed while a write was under way is never served.
 * - At most `maxEntries` values are kept; the one kept longest ago goes first.
 */

/** A caller's duty to compute one key's value: keep it, or end without one. */
export interface Turn<V> {
  /** Keeps `value` for the key, unless the cache was cleared since the turn began; ends the turn. */
  keep(value: V): void;
  /** Ends the turn without keeping a value (idempotent; after {@link Turn.keep}, does nothing). */
  end(): void;
}

/**
 * What {@link SwrCache.lookup} finds: a value to use as it is (`turn` null), or the caller's turn to
 * compute, with the stale value when there is one (to send meanwhile, or to ignore).
 */
export type Lookup<V> = { value: V; turn: null } | { value: V | null; turn: Turn<V> };

export interface SwrCache<V> {
  /**
   * The value for `key`: fresh; stale while another caller computes it; or, when there is none,
   * after waiting once for the turn under way, the caller's own turn.
   */
  lookup(key: string): Promise<Lookup<V>>;
  /** Empties the cache; turns under way keep nothing, and new callers no longer wait for them. */
  clear(): void;
}

/**
 * Makes a cache of values of type V.
 * @param options.ttlMs how long a kept value is fresh, in milliseconds (> 0)
 * @param options.maxEntries most values kept at once
 */
export function createSwrCache<V>(options: { ttlMs: number; maxEntries: number }): SwrCache<V> {
  const { ttlMs, maxEntries } = options;
  /** Kept values by key, the one kept longest ago first. */
  const entries = new Map<string, { expires: number; value: V }>();
  /** Keys being computed now, each with the promise its turn's end settles. */
  const computing = new Map<string, Promise<void>>();
  /** Bumped by every clear: a turn keeps its value only within the generation it began in. */
  let generation = 0;

  function begin(key: string): Turn<V> {
    let settle!: () => void;
    const ended = new Promise<void>((resolve) => (settle = resolve));
    computing.set(key, ended);
    const began = generation;
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      if (computing.get(key) === ended) computing.delete(key);
      settle();
    };
    return {
      keep(value) {
        if (open && began === generation) {
          entries.delete(key);
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { expires: Date.now() + ttlMs, value });
        }
        end();
      },
      end,
    };
  }

  return {
    async lookup(key) {
      let entry = entries.get(key);
      if (entry && entry.expires > Date.now()) return { value: entry.value, turn: null };
      const pending = computing.get(key);
      if (pending && entry) return { value: entry.value, turn: null };
      if (pending) {
        await pending;
        entry = entries.get(key);
        if (entry && entry.expires > Date.now()) return { value: entry.value, turn: null };
      }
      // No value came of the turn waited for (an error, a write meanwhile): each waiter computes.
      return { value: entry?.value ?? null, turn: begin(key) };
    },
    clear() {
      generation++;
      entries.clear();
      computing.clear();
    },
  };
}
