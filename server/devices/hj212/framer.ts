// Stream framing of HJ 212 over TCP: a chunk may hold part of a frame or several frames. Bytes are kept as
// latin1 text (one char per byte, so lengths are byte counts). A frame is `##` + 4 digits + that many
// bytes + 4 hex + CR LF (taken by its length when the CR LF is missing). Vendors that miscount the length are tolerated when the frame still ends with a
// valid CRC before the next CR LF. Garbage before `##` is dropped; a buffer past `maxBuffer` is refused.
import { hj212CrcHex } from './crc';

export type FramerEvent =
  | { kind: 'frame'; data: string; lengthMismatch: boolean }
  | { kind: 'bad'; reason: string; raw: string };

const HEADER = 6;
const TRAILER = 6;

export class Hj212Framer {
  private buffer = '';

  constructor(private readonly maxBuffer = 16_384) {}

  /** Feeds a chunk; returns the frames (and the bad ones) it completes. Throws when the buffer overflows. */
  push(chunk: Buffer | string): FramerEvent[] {
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    const out: FramerEvent[] = [];
    for (;;) {
      const start = this.buffer.indexOf('##');
      if (start < 0) {
        // Keep a trailing '#' that may begin the next frame; drop the rest.
        if (this.buffer.trim() !== '' && !/^#?$/.test(this.buffer)) out.push({ kind: 'bad', reason: '帧头不是##', raw: this.buffer.slice(0, 80) });
        this.buffer = this.buffer.endsWith('#') ? '#' : '';
        break;
      }
      if (start > 0) {
        const junk = this.buffer.slice(0, start);
        if (junk.trim() !== '') out.push({ kind: 'bad', reason: '帧头前有多余数据', raw: junk.slice(0, 80) });
        this.buffer = this.buffer.slice(start);
      }
      if (this.buffer.length < HEADER) break;
      const lengthText = this.buffer.slice(2, HEADER);
      if (!/^\d{4}$/.test(lengthText)) {
        out.push({ kind: 'bad', reason: '长度不是4位数字', raw: this.buffer.slice(0, 80) });
        this.buffer = this.buffer.slice(2);
        continue;
      }
      const length = Number(lengthText);
      const end = HEADER + length + TRAILER;
      // By its declared length: a frame whose CRC checks is taken as soon as its CRC has arrived, with or
      // without its CR LF (some DTUs send none; the frame is not held until the next one arrives).
      const crcEnd = HEADER + length + 4;
      if (this.buffer.length >= crcEnd) {
        const event = this.take(HEADER + length, this.buffer.slice(crcEnd, end) === '\r\n' ? end : crcEnd, false);
        if (event) {
          out.push(event);
          continue;
        }
      }
      // A miscounted length: the frame ends at the next CR LF if that CRC matches.
      const crlf = this.buffer.indexOf('\r\n', HEADER);
      const next = this.buffer.indexOf('##', 2);
      if (crlf >= 0 && (next < 0 || crlf < next) && (crlf + 2 !== end || this.buffer.length >= end)) {
        const event = this.take(crlf - 4, crlf + 2, crlf + 2 !== end);
        if (event) {
          out.push(event);
          continue;
        }
        out.push({ kind: 'bad', reason: 'CRC校验失败', raw: this.buffer.slice(0, Math.min(crlf + 2, 200)) });
        this.buffer = this.buffer.slice(crlf + 2);
        continue;
      }
      if (next >= 0 && next < end) {
        out.push({ kind: 'bad', reason: '帧不完整', raw: this.buffer.slice(0, Math.min(next, 200)) });
        this.buffer = this.buffer.slice(next);
        continue;
      }
      if (this.buffer.length > this.maxBuffer) throw new Error('HJ212 buffer overflow');
      break;
    }
    if (this.buffer.length > this.maxBuffer) throw new Error('HJ212 buffer overflow');
    return out;
  }

  /** The frame whose data ends at `crcAt` and which ends at `end`, when its CRC matches; consumed then. */
  private take(crcAt: number, end: number, lengthMismatch: boolean): FramerEvent | null {
    if (crcAt < HEADER) return null;
    const data = this.buffer.slice(HEADER, crcAt);
    const crc = this.buffer.slice(crcAt, crcAt + 4);
    if (crc.toUpperCase() !== hj212CrcHex(data)) return null;
    this.buffer = this.buffer.slice(end);
    return { kind: 'frame', data, lengthMismatch };
  }

  get pending(): number {
    return this.buffer.length;
  }
}
