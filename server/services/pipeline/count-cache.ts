/**
 * A per-instance cache of slow counts (ADR 0075), stale-while-revalidate and bounded:
 * - an answer younger than `freshMs` is served as it is;
 * - an older one (up to `maxStaleMs`) is served at once and one recount starts in the background
 *   (never two at a time for a key); the next call sees the new counts;
 * - an answer older than `maxStaleMs`, or none, is counted before answering (joining a recount already
 *   running for that key);
 * - `fresh` counts now and waits for it (the tab's Recount), joining only another fresh count already
 *   running for that key (so a row of clicks costs one count, never one each);
 * - at most `maxKeys` keys, the least recently used dropped first.
 * Every answer carries `countedAt`: when the count that produced it started.
 */
export interface Counted<T> {
  value: T;
  countedAt: Date;
}

export interface CountCacheOptions {
  now: () => Date;
  freshMs: number;
  maxStaleMs: number;
  maxKeys: number;
  /** Told about a background recount that failed (the stale answer stays). */
  onError?: (key: string, error: unknown) => void;
}

interface Entry<T> {
  counted?: Counted<T>;
  running?: Promise<Counted<T>>;
  /** The running count was asked for with `fresh` (it started after that request arrived). */
  runningFresh?: boolean;
}

export function createCountCache<T>(options: CountCacheOptions) {
  const entries = new Map<string, Entry<T>>();

  function entryOf(key: string): Entry<T> {
    let entry = entries.get(key);
    if (entry) entries.delete(key);
    else entry = {};
    // Re-inserted last: a Map keeps insertion order, so the first key is the least recently used.
    entries.set(key, entry);
    while (entries.size > options.maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return entry;
  }

  function recount(entry: Entry<T>, count: () => Promise<T>, fresh = false): Promise<Counted<T>> {
    const countedAt = options.now();
    const running = count().then((value) => {
      const counted = { value, countedAt };
      // A later count (a Recount that finished first) is never replaced by an older one.
      if (!entry.counted || entry.counted.countedAt.getTime() <= countedAt.getTime()) entry.counted = counted;
      return counted;
    });
    entry.running = running;
    entry.runningFresh = fresh;
    const clear = () => {
      if (entry.running === running) {
        entry.running = undefined;
        entry.runningFresh = false;
      }
    };
    running.then(clear, clear);
    return running;
  }

  return {
    async get(key: string, count: () => Promise<T>, fresh = false): Promise<Counted<T>> {
      const entry = entryOf(key);
      if (fresh) return entry.running && entry.runningFresh ? entry.running : recount(entry, count, true);
      const counted = entry.counted;
      const age = counted ? options.now().getTime() - counted.countedAt.getTime() : Number.POSITIVE_INFINITY;
      if (counted && age <= options.freshMs) return counted;
      if (counted && age <= options.maxStaleMs) {
        if (!entry.running) recount(entry, count).catch((error: unknown) => options.onError?.(key, error));
        return counted;
      }
      return entry.running ?? recount(entry, count);
    },

    /** Starts a count in the background unless one is running or a fresh answer is stored. */
    warm(key: string, count: () => Promise<T>): void {
      const entry = entryOf(key);
      const counted = entry.counted;
      if (entry.running || (counted && options.now().getTime() - counted.countedAt.getTime() <= options.freshMs)) return;
      recount(entry, count).catch((error: unknown) => options.onError?.(key, error));
    },

    /** Waits for the counts running now (a graceful stop). */
    async settled(): Promise<void> {
      await Promise.allSettled([...entries.values()].flatMap((entry) => (entry.running ? [entry.running] : [])));
    },

    keys: () => [...entries.keys()],
  };
}

