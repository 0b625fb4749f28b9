// The decoder budget of a page (docs/video.md): at most MAX_DECODERS video players decode at once, however
// many tiles a wall or a split shows — each hls.js player holds a decoder, buffers and a network loop, and a
// wall PC runs out of them long before it runs out of tiles. A player asks for a slot; beyond the budget it
// waits (its tile shows 点击播放) and gets the first slot freed, in the order asked. 点击播放 (`claim`) moves
// it ahead: it takes the slot of the player that started playing first by itself, which waits again.
import { useCallback, useEffect, useRef, useState } from 'react';

export const MAX_DECODERS = 9;

export type DecoderTicket = {
  /** Gives the slot back (or stops waiting). */
  release: () => void;
  /** 点击播放: play now, in the place of the oldest player that was not chosen by hand. */
  claim: () => void;
};

type Holder = { notify: (granted: boolean) => void; claimed: boolean };

export class DecoderBudget {
  private readonly granted: Holder[] = [];
  private readonly waiting: Holder[] = [];

  constructor(readonly max = MAX_DECODERS) {}

  /** Players decoding now. */
  get active(): number {
    return this.granted.length;
  }

  /** Players waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Asks for a slot; `notify` hears true when granted (maybe at once), false when taken back. */
  request(notify: (granted: boolean) => void): DecoderTicket {
    const holder: Holder = { notify, claimed: false };
    if (this.granted.length < this.max) this.grant(holder);
    else this.waiting.push(holder);
    return {
      release: () => this.release(holder),
      claim: () => this.claim(holder),
    };
  }

  private grant(holder: Holder): void {
    this.granted.push(holder);
    holder.notify(true);
  }

  private release(holder: Holder): void {
    const w = this.waiting.indexOf(holder);
    if (w >= 0) {
      this.waiting.splice(w, 1);
      return;
    }
    const g = this.granted.indexOf(holder);
    if (g < 0) return;
    this.granted.splice(g, 1);
    const next = this.waiting.shift();
    if (next) this.grant(next);
  }

  private claim(holder: Holder): void {
    holder.claimed = true;
    const w = this.waiting.indexOf(holder);
    if (w < 0) return;
    this.waiting.splice(w, 1);
    if (this.granted.length >= this.max) {
      // The oldest player started by itself makes way (all chosen by hand: the oldest of them).
      const at = Math.max(0, this.granted.findIndex((h) => !h.claimed));
      const [evicted] = this.granted.splice(at, 1);
      this.waiting.unshift(evicted);
      evicted.notify(false);
    }
    this.grant(holder);
  }
}

/** The page's one budget. */
export const decoderBudget = new DecoderBudget();

if (typeof window !== 'undefined') {
  // Tests and soak runs read how many players decode (never above MAX_DECODERS).
  Object.defineProperty(window, '__videoDecoders', { configurable: true, get: () => decoderBudget.active });
}

/** A slot of the budget while `wanted`: whether this player may decode, and 点击播放. */
export function useDecoderSlot(wanted: boolean, budget: DecoderBudget = decoderBudget): { granted: boolean; claim: () => void } {
  const [granted, setGranted] = useState(false);
  const ticket = useRef<DecoderTicket | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    const t = budget.request(setGranted);
    ticket.current = t;
    return () => {
      ticket.current = null;
      t.release();
      setGranted(false);
    };
  }, [wanted, budget]);
  const claim = useCallback(() => ticket.current?.claim(), []);
  return { granted: wanted && granted, claim };
}
