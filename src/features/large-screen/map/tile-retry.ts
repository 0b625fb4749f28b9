// Failed map tiles are retried with exponential back-off (1 s, 2 s, 4 s), then left failed. OpenLayers
// reloads a tile in the error state when `load()` is called again (ol/ImageTile#load).

export type RetryableTile = { load(): void };

export type TileRetry = {
  /** Call on each failed load; schedules the next attempt and returns its delay, or null when out of retries. */
  onError(tile: RetryableTile): number | null;
  /** Cancels every pending retry (on unmount). */
  dispose(): void;
};

export const TILE_RETRY_LIMIT = 3;
export const TILE_RETRY_BASE_MS = 1000;

/** Delay before retry `attempt` (0-based): 1 s, 2 s, 4 s. */
export const retryDelay = (attempt: number, baseMs = TILE_RETRY_BASE_MS): number => baseMs * 2 ** attempt;

export function createTileRetry(limit = TILE_RETRY_LIMIT, baseMs = TILE_RETRY_BASE_MS): TileRetry {
  const attempts = new WeakMap<RetryableTile, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;
  return {
    onError(tile) {
      const attempt = attempts.get(tile) ?? 0;
      if (disposed || attempt >= limit) return null;
      attempts.set(tile, attempt + 1);
      const delay = retryDelay(attempt, baseMs);
      const timer = setTimeout(() => {
        timers.delete(timer);
        tile.load();
      }, delay);
      timers.add(timer);
      return delay;
    },
    dispose() {
      disposed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
