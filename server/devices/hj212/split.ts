// Split uploads (HJ 212-2017 §6.3.2): a monitor whose data does not fit one packet sends PNUM packets under
// one QN, numbered PNO 1…PNUM. They are one reading: the parts' CP items are merged in PNO order once all
// have arrived. Parts of a set not completed within `ttlMs` are dropped (the monitor retransmits the set);
// at most `maxSets` sets wait at once, the oldest dropped first.
import type { Hj212Packet } from './frame';

type PartSet = { at: number; parts: Map<number, Hj212Packet> };

export class SplitUploads {
  private readonly sets = new Map<string, PartSet>();

  constructor(
    private readonly ttlMs = 120_000,
    private readonly maxSets = 10_000,
  ) {}

  /** Adds a part; answers the whole packet when this part completes its set, else null. */
  add(part: Hj212Packet, now = Date.now()): Hj212Packet | null {
    this.expire(now);
    const key = `${part.mn}\u0000${part.cn}\u0000${part.qn ?? ''}\u0000${part.pnum}`;
    const set = this.sets.get(key) ?? { at: now, parts: new Map<number, Hj212Packet>() };
    set.parts.set(part.pno!, part);
    if (set.parts.size < part.pnum!) {
      if (!this.sets.has(key)) {
        if (this.sets.size >= this.maxSets) this.sets.delete(this.sets.keys().next().value!);
        this.sets.set(key, set);
      }
      return null;
    }
    this.sets.delete(key);
    const ordered = [...set.parts.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
    const cp = new Map<string, string>();
    for (const p of ordered) for (const [k, v] of p.cp) cp.set(k, v);
    const { pnum: _n, pno: _o, ...whole } = ordered[0];
    return { ...whole, flag: part.flag, cp };
  }

  get waiting(): number {
    return this.sets.size;
  }

  private expire(now: number): void {
    for (const [key, set] of this.sets) {
      if (now - set.at <= this.ttlMs) break;
      this.sets.delete(key);
    }
  }
}
