// HJ 212-2017 frames (§6.3): `##` + 4-digit decimal length of the data segment + the data segment + its
// CRC16 as 4 hex digits + CR LF. The data segment is `QN=…;ST=…;CN=…;PW=…;MN=…;Flag=…;CP=&&…&&` (PNUM/PNO
// when split). Vendors in the field separate fields with `;` or `,` alike: both are accepted.
import { hj212CrcHex } from './crc';

export type Hj212Packet = {
  qn: string | null;
  st: string;
  cn: string;
  pw: string;
  mn: string;
  flag: number;
  /** A split upload (§6.3.2 PNUM / PNO): how many packets, and which this is (1-based); absent when whole. */
  pnum?: number;
  pno?: number;
  /** CP's key=value pairs in order of appearance (a later duplicate wins). */
  cp: Map<string, string>;
};

export class Hj212Error extends Error {}

const HEADER_KEYS = new Set(['QN', 'ST', 'CN', 'PW', 'MN', 'Flag', 'PNUM', 'PNO']);

/** `key=value` items split on `;` or `,`; an item without `=` is malformed. */
function pairs(text: string, what: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const item of text.split(/[;,]/)) {
    const t = item.trim();
    if (t === '') continue;
    const eq = t.indexOf('=');
    if (eq <= 0) throw new Hj212Error(`${what}: "${t.slice(0, 40)}" 不是 key=value`);
    out.push([t.slice(0, eq), t.slice(eq + 1)]);
  }
  return out;
}

/** Parses a data segment (between the length and the CRC). Throws Hj212Error when it is malformed. */
export function parseDataSegment(data: string): Hj212Packet {
  const cpAt = data.indexOf('CP=&&');
  const cpEnd = data.lastIndexOf('&&');
  if (cpAt < 0 || cpEnd < cpAt + 5) throw new Hj212Error('缺少 CP=&&…&&');
  const header = new Map<string, string>();
  for (const [k, v] of pairs(data.slice(0, cpAt), '数据段')) {
    if (!HEADER_KEYS.has(k)) throw new Hj212Error(`未知字段 ${k.slice(0, 20)}`);
    header.set(k, v);
  }
  const cn = header.get('CN') ?? '';
  const mn = header.get('MN') ?? '';
  const st = header.get('ST') ?? '';
  if (!/^\d{4}$/.test(cn)) throw new Hj212Error('CN 缺失或不是4位数字');
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(mn)) throw new Hj212Error('MN 缺失或格式不正确');
  if (!/^\d{2}$/.test(st)) throw new Hj212Error('ST 缺失或不是2位数字');
  const flagText = header.get('Flag') ?? '0';
  if (!/^\d{1,3}$/.test(flagText)) throw new Hj212Error('Flag 不是数字');
  const qn = header.get('QN') ?? null;
  if (qn !== null && !/^\d{17}$/.test(qn)) throw new Hj212Error('QN 不是17位时间戳');
  const cp = new Map(pairs(data.slice(cpAt + 5, cpEnd), 'CP'));
  const packet: Hj212Packet = { qn, st, cn, pw: header.get('PW') ?? '', mn, flag: Number(flagText), cp };
  const pnum = header.get('PNUM');
  const pno = header.get('PNO');
  if (pnum !== undefined || pno !== undefined) {
    if (!/^\d{1,4}$/.test(pnum ?? '') || !/^\d{1,4}$/.test(pno ?? '')) throw new Hj212Error('PNUM / PNO 不是数字');
    if (Number(pno) < 1 || Number(pno) > Number(pnum)) throw new Hj212Error('PNO 超出 PNUM');
    if (Number(pnum) > 1) {
      packet.pnum = Number(pnum);
      packet.pno = Number(pno);
    }
  }
  return packet;
}

/** Frames a data segment: `##` + length + data + CRC + CR LF. */
export function buildFrame(data: string): string {
  const length = Buffer.byteLength(data, 'latin1');
  if (length > 9999) throw new Hj212Error('数据段超过9999字节');
  return `##${String(length).padStart(4, '0')}${data}${hj212CrcHex(data)}\r\n`;
}

/** Flag bit A (bit 0): the sender asks for an answer. */
export const wantsReply = (flag: number): boolean => (flag & 1) === 1;

/** QN of now in China Standard Time: yyyyMMddHHmmssSSS. */
export function qnOf(at: Date): string {
  const cst = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return cst.slice(0, 23).replace(/[-T:.]/g, '');
}

/**
 * The answer the platform owes a packet whose Flag asks for one (§6.6): uploads (CN 2xxx and 3xxx) get a
 * 9014 数据应答; anything else a 9011 请求应答 with QnRtn=1 (准备执行请求). ST=91 is system interaction;
 * the answer carries the packet's QN, PW and MN, Flag=4 (2017 version, no answer wanted).
 */
export function replyFor(p: Hj212Packet, now = new Date()): string {
  const qn = p.qn ?? qnOf(now);
  const upload = p.cn.startsWith('2') || p.cn.startsWith('3');
  const cp = upload ? '' : 'QnRtn=1';
  return buildFrame(`QN=${qn};ST=91;CN=${upload ? '9014' : '9011'};PW=${p.pw};MN=${p.mn};Flag=4;CP=&&${cp}&&`);
}
