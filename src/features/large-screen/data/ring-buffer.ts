// Bounded series for live trends: a wall display that runs for days keeps only the last N points.
import { useEffect, useRef, useState } from 'react';

export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('RingBuffer capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Adds a point; when full, the oldest one is dropped. */
  push(item: T): void {
    const end = (this.start + this.count) % this.capacity;
    this.items[end] = item;
    if (this.count < this.capacity) this.count += 1;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i += 1) out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  last(): T | undefined {
    return this.count === 0 ? undefined : this.items[(this.start + this.count - 1) % this.capacity];
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.count = 0;
  }
}

export type SeriesPoint = { at: number; value: number };

/**
 * The last `capacity` values of a live figure, one point per new `at` (e.g. the source's updatedAt): a
 * re-render without new data adds nothing, and the buffer never grows past its capacity.
 */
export function useSeriesBuffer(value: number | undefined, at: number | undefined, capacity: number): SeriesPoint[] {
  const buffer = useRef<RingBuffer<SeriesPoint> | null>(null);
  const [points, setPoints] = useState<SeriesPoint[]>([]);
  useEffect(() => {
    if (buffer.current?.capacity !== capacity) buffer.current = new RingBuffer<SeriesPoint>(capacity);
    if (value === undefined || at === undefined || !Number.isFinite(value)) return;
    const b = buffer.current;
    if (b.last()?.at === at) return;
    b.push({ at, value });
    setPoints(b.toArray());
  }, [value, at, capacity]);
  return points;
}
