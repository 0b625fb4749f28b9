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

/** Answers (9011 请求应答, 9012 执行结果, 9013 通知应答, 9014 数据应答): never answered, never stored — an answer to an answer would loop. */
export const ANSWER_CNS: ReadonlySet<string> = new Set(['9011', '9012', '9013', '9014']);
/**
 * Heartbeats: the standard names no CN for them; 9015 心跳包 (caoyiliang/HJ212, and data loggers in the code index)
 * and 9021 (mutoushirana/HJ212Virtual "HeartBeat", ST=91). A sign of life, nothing stored.
 */
export const HEARTBEAT_CNS: ReadonlySet<string> = new Set(['9015', '9021']);
/**
 * Notifications a device sends (通知命令, answered 9013 通知应答): 1013 现场机时间校准请求 and, as caoyiliang/HJ212
 * expects, 1001 上传数采仪硬件序号 and 1014 现场机获取新密钥; and the heartbeats (caoyiliang's 9015 waits for a 9013).
 */
export const NOTICE_CNS: ReadonlySet<string> = new Set(['1001', '1013', '1014', ...HEARTBEAT_CNS]);

/** The answer a packet gets when its Flag asks (§6.6): 9014 for uploads, 9013 for notifications, 9011 for requests; none for an answer. */
export function replyCn(cn: string): '9014' | '9013' | '9011' | null {
  if (ANSWER_CNS.has(cn)) return null;
  if (NOTICE_CNS.has(cn)) return '9013';
  return cn.startsWith('2') || cn.startsWith('3') ? '9014' : '9011';
}

/**
 * The answer the platform owes a packet whose Flag asks for one (§6.6): uploads (CN 2xxx and 3xxx) get a
 * 9014 数据应答, notifications and heartbeats a 9013 通知应答, any other request a 9011 请求应答 with QnRtn=1
 * (准备执行请求); an answer (9011–9014) gets none (null). ST=91 is system interaction; the answer carries the
 * packet's QN, PW and MN, Flag=4 (2017 version, no answer wanted).
 */
export function replyFor(p: Hj212Packet, now = new Date()): string | null {
  const cn = replyCn(p.cn);
  if (cn === null) return null;
  const qn = p.qn ?? qnOf(now);
  const cp = cn === '9011' ? 'QnRtn=1' : '';
  return buildFrame(`QN=${qn};ST=91;CN=${cn};PW=${p.pw};MN=${p.mn};Flag=4;CP=&&${cp}&&`);
}
