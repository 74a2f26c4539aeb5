/** One stored answer: the exact bytes the route serialized, before any compression. */
export interface StoredAnswer {
  body: Buffer;
  contentType: string;
  /** Its ETag, worked out once when it was kept. */
  etag: string;
}

export interface ReadCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * The read cache's memory: answers of one stock version only, least recently used out first,
 * within an entry count and a byte budget. An answer larger than a quarter of the budget is not
 * kept, so one huge list cannot push out everything else.
 */
export function createReadCacheStore({ maxEntries, maxBytes }: ReadCacheLimits) {
  let version = -Infinity;
  let bytes = 0;
  const answers = new Map<string, StoredAnswer>();

  /** A newer version makes every stored answer stale at once. */
  function moveTo(newVersion: number) {
    if (newVersion <= version) return;
    version = newVersion;
    answers.clear();
    bytes = 0;
  }

  return {
    get(key: string, currentVersion: number): StoredAnswer | undefined {
      moveTo(currentVersion);
      if (currentVersion !== version) return undefined;
      const answer = answers.get(key);
      if (answer) {
        // Map keeps insertion order: re-inserting makes it the most recently used.
        answers.delete(key);
        answers.set(key, answer);
      }
      return answer;
    },

    /** Keeps an answer read at `readVersion`; one read before the newest version seen is dropped. */
    set(key: string, readVersion: number, answer: StoredAnswer) {
      moveTo(readVersion);
      if (readVersion !== version || answer.body.length > maxBytes / 4) return;
      const replaced = answers.get(key);
      if (replaced) {
        answers.delete(key);
        bytes -= replaced.body.length;
      }
      answers.set(key, answer);
      bytes += answer.body.length;
      for (const [oldestKey, oldest] of answers) {
        if (answers.size <= maxEntries && bytes <= maxBytes) break;
        answers.delete(oldestKey);
        bytes -= oldest.body.length;
      }
    },

    /** A change signal's version: what was kept for older ones goes now, not at the next read. */
    moveTo,

    get size() {
      return { entries: answers.size, bytes };
    },
  };
}

export type ReadCacheStore = ReturnType<typeof createReadCacheStore>;
