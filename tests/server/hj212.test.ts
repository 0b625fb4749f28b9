// HJ 212-2017 ingestion (docs/device-ingestion.md): the CRC against the standard's own example, frames
// parsed and mapped, and real frames over TCP to the listener — each vendor variant, bad CRC, unknown MN,
// malformed, split and concatenated frames, the 9014 / 9011 replies, idle and oversized connections —
// and the demo simulator feeding readings through the listener and the signed HTTP endpoint.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { hj212CrcHex } from '../../server/devices/hj212/crc';
import { buildFrame, parseDataSegment, replyFor } from '../../server/devices/hj212/frame';
import { Hj212Framer } from '../../server/devices/hj212/framer';
import { dataTime, envValues } from '../../server/devices/hj212/mapping';
import { registerDevice, rows, startDeviceApp, type DeviceApp } from './device-support';
import { call, startApp } from './helpers';
import { endpoint } from './engine-support';

type Row = Record<string, unknown>;

/** Frames copied from public HJ 212 implementations (tests/fixtures/hj212/README.md). */
const PUBLIC = (JSON.parse(readFileSync('tests/fixtures/hj212/public-frames.json', 'utf8')) as { frames: PublicFrame[] }).frames;
type PublicFrame = { source: string; path: string; kind: string; frame?: string; crcOk: boolean | null; lengthOk: boolean | null };
/** A frame's data segment by its declared length. */
const segmentOf = (frame: string): string => frame.slice(6, 6 + Number(frame.slice(2, 6)));
const STANDARD_EXAMPLE = 'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const MN = '88888880000001';
const NOISE_MN = '88888880000002';
const CRANE = 'HJTEST-TC-01';

let sequence = 0;
/** A new request number (QN) each time: a device numbers its requests by their time (yyyyMMddHHmmssSSS). */
const nextQn = (): string => `2026112510${String((sequence += 1) % 10_000_000).padStart(7, '0')}`;
/** A real-time upload (CN 2011) with the given CP body, ST and Flag; its own QN unless one is given (a retransmission). */
const upload = (mn: string, cp: string, o: { st?: string; flag?: number; cn?: string; sep?: string; qn?: string } = {}): string => {
  const s = o.sep ?? ';';
  return buildFrame(`QN=${o.qn ?? nextQn()}${s}ST=${o.st ?? '22'}${s}CN=${o.cn ?? '2011'}${s}PW=123456${s}MN=${mn}${s}Flag=${o.flag ?? 5}${s}CP=&&${cp}&&`);
};
const nowCst = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');

describe('HJ 212 frames', () => {
  it('frames every public implementation\'s frame whose CRC checks — with or without CR LF, any CRC case — and none whose CRC does not', () => {
    const withFrames = PUBLIC.filter((f) => f.frame !== undefined);
    expect(withFrames.length).toBeGreaterThanOrEqual(40);
    expect(new Set(withFrames.map((f) => f.source)).size).toBeGreaterThanOrEqual(10);
    for (const f of withFrames) {
      const events = new Hj212Framer().push(Buffer.from(f.frame!, 'latin1'));
      const frames = events.filter((e) => e.kind === 'frame');
      // A miscounted length is tolerated up to the CR LF; a two-digit length (`##81`) is no HJ 212 frame.
      const framable = f.crcOk && /^##\d{4}/.test(f.frame!) && (f.lengthOk || f.frame!.endsWith('\r\n'));
      if (framable) {
        expect(frames, `${f.source} ${f.path}`).toHaveLength(1);
        if (f.lengthOk) expect((frames[0] as { data: string }).data).toBe(segmentOf(f.frame!));
      } else if (!f.crcOk || !/^##\d{4}/.test(f.frame!)) {
        expect(frames, `${f.source} ${f.path}`).toHaveLength(0);
      }
    }
  });

  it('computes the CRC of the standard’s example frame (1C80)', () => {
    expect(hj212CrcHex(STANDARD_EXAMPLE)).toBe('1C80');
    expect(buildFrame(STANDARD_EXAMPLE)).toBe(`##0101${STANDARD_EXAMPLE}1C80\r\n`);
  });

  it('parses the header fields and CP pairs, with `;` or `,` separators', () => {
    const p = parseDataSegment(STANDARD_EXAMPLE);
    expect(p).toMatchObject({ qn: '20160801085857223', st: '32', cn: '1062', pw: '100000', mn: '010000A8900016F000169DC0', flag: 5 });
    expect(p.cp.get('RtdInterval')).toBe('30');
    const comma = parseDataSegment('QN=20261125100000123,ST=39,CN=2011,PW=1,MN=AB12,Flag=4,CP=&&DataTime=20261125100000,a34002-Rtd=88,a34002-Flag=N&&');
    expect(comma.st).toBe('39');
    expect(comma.cp.get('a34002-Rtd')).toBe('88');
  });

  it('refuses malformed data segments', () => {
    for (const bad of ['QN=1;ST=22;CN=2011;MN=A;Flag=5', 'ST=22;CN=20;MN=A;CP=&&&&', 'ST=22;CN=2011;CP=&&&&', 'ST=2x;CN=2011;MN=A;CP=&&&&', 'ST=22;CN=2011;MN=A;XX=1;CP=&&&&', 'ST=22;CN=2011;MN=A;CP=&&a34002-Rtd&&']) {
      expect(() => parseDataSegment(bad), bad).toThrow();
    }
  });

  it('maps the pollutant codes, -Rtd before -Avg, Leq-Rtd for noise, mg/m³ dust to µg/m³', () => {
    const p = parseDataSegment(
      `ST=22;CN=2011;MN=A;CP=&&DataTime=20261125100000;a34004-Rtd=35.2,a34004-Flag=N;a34002-Rtd=88.4;a34002-Avg=70;a34001-Rtd=160;LA-Rtd=61.5;a01001-Rtd=18.2;a01002-Rtd=65;a01006-Rtd=101.2;a01007-Rtd=2.4;a01008-Rtd=135&&`,
    );
    expect(envValues(p)).toEqual({ pm25: 35.2, pm10: 88.4, tsp: 160, noise: 61.5, temperature: 18.2, humidity: 65, pressure: 101.2, windSpeed: 2.4, windDirection: 135 });
    expect(dataTime(p)?.toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(envValues(parseDataSegment('ST=22;CN=2051;MN=A;CP=&&Leq-Avg=58.1;a34002-Avg=0.085;a34004-Avg=0.041&&'))).toEqual({ noise: 58.1, pm10: 85, pm25: 41 });
    expect(envValues(parseDataSegment('ST=22;CN=2011;MN=A;CP=&&Leq-Rtd=66&&'))).toEqual({ noise: 66 });
  });

  it('answers uploads with 9014 and other requests with 9011, CRC correct', () => {
    const reply = replyFor(parseDataSegment('QN=20261125100000123;ST=22;CN=2011;PW=123456;MN=AB12;Flag=5;CP=&&a34002-Rtd=1&&'));
    expect(reply).toBe(buildFrame('QN=20261125100000123;ST=91;CN=9014;PW=123456;MN=AB12;Flag=4;CP=&&&&'));
    expect(reply!.slice(-6, -2)).toBe(hj212CrcHex('QN=20261125100000123;ST=91;CN=9014;PW=123456;MN=AB12;Flag=4;CP=&&&&'));
    expect(replyFor(parseDataSegment(STANDARD_EXAMPLE))).toContain('CN=9011;PW=100000;MN=010000A8900016F000169DC0;Flag=4;CP=&&QnRtn=1&&');
  });

  it('frames a stream: split frames, several frames per chunk, garbage, bad CRC, a miscounted length, an overflow', () => {
    const a = upload('A1', 'a34002-Rtd=1');
    const b = upload('B2', 'a34002-Rtd=2');
    const f = new Hj212Framer();
    expect(f.push(a.slice(0, 10))).toEqual([]);
    expect(f.push(a.slice(10) + b + b.slice(0, 3)).map((e) => e.kind)).toEqual(['frame', 'frame']);
    expect(f.push(b.slice(3)).map((e) => e.kind)).toEqual(['frame']);
    expect(f.pending).toBe(0);
    const badCrc = a.replace(/[0-9A-F]{4}\r\n$/, '0000\r\n');
    expect(f.push(`junk${badCrc}${a}`).map((e) => (e.kind === 'bad' ? e.reason : 'frame'))).toEqual(['帧头前有多余数据', 'CRC校验失败', 'frame']);
    const data = 'QN=20261125100000123;ST=22;CN=2011;PW=1;MN=A1;Flag=4;CP=&&a34002-Rtd=1&&';
    const miscounted = `##0999${data}${hj212CrcHex(data)}\r\n`;
    expect(f.push(miscounted)).toEqual([{ kind: 'frame', data, lengthMismatch: true }]);
    expect(() => new Hj212Framer(1000).push(`##9999${'x'.repeat(2000)}`)).toThrow();
  });
});

describe('HJ 212 listener over TCP', () => {
  let d: DeviceApp;
  let port: number;
  const env = 'env_reading';

  beforeAll(async () => {
    d = await startDeviceApp(true);
    port = d.app.devices.hj212!.port;
    // The monitors' access password (PW) is set when they are registered (docs/device-ingestion.md "Access").
    await registerDevice(d, MN, 'dust', { hj212_password: '123456' });
    await registerDevice(d, NOISE_MN, 'noise', { hj212_password: '123456' });
    await registerDevice(d, CRANE, 'towerCrane');
  }, 180_000);
  afterAll(async () => {
    await d?.app.close();
  });

  /** Opens a connection; `replies` collects what the server sends. */
  async function open(): Promise<{ socket: Socket; received: () => string }> {
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return { socket, received: () => text };
  }
  const until = async (check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const count = async (code: string): Promise<number> => (await rows(d.db, env, code)).length;

  it('stores a real-time upload of each vendor variant and answers 9014', async () => {
    const { socket, received } = await open();
    const t = nowCst();
    const frames = [
      upload(MN, `DataTime=${t};a34004-Rtd=35.2,a34004-Flag=N;a34002-Rtd=88.4,a34002-Flag=N;a34001-Rtd=160;a01001-Rtd=18.2;a01002-Rtd=65;a01006-Rtd=101.2;a01007-Rtd=2.4;a01008-Rtd=135;LA-Rtd=61.5`, { st: '22' }),
      upload(MN, `DataTime=${t},a34002-Rtd=0.092,a34004-Rtd=0.047,Leq-Rtd=60.2`, { st: '39', sep: ',' }),
      upload(NOISE_MN, `DataTime=${t};Leq-Rtd=58.3,Leq-Flag=N`, { st: '31' }),
      upload(MN, `DataTime=${t};a34002-Avg=90.5;a34004-Avg=40.1`, { cn: '2051', flag: 4 }),
    ];
    socket.write(frames.join(''));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 3);
    await until(async () => (await count(MN)) === 2 && (await count(NOISE_MN)) === 1);
    const [first, second] = await rows<Record<string, number | string>>(d.db, env, MN);
    expect(first).toMatchObject({ pm25: 35.2, pm10: 88.4, tsp: 160, temperature: 18.2, humidity: 65, pressure: 101.2, wind_speed: 2.4, wind_direction: 135, noise: 61.5 });
    expect(second).toMatchObject({ pm10: 92, pm25: 47, noise: 60.2 });
    // Minute data (2051) are interval records, not real-time readings (tests/server/hj212-intervals.test.ts).
    await until(async () => (await rows(d.db, 'env_interval', MN)).length === 2);
    expect((await rows<Record<string, unknown>>(d.db, 'env_interval', MN)).map((r) => [r.interval_kind, r.factor, r.avg_value])).toEqual([['minute', 'pm25', 40.1], ['minute', 'pm10', 90.5]]);
    expect((await rows<Record<string, number>>(d.db, env, NOISE_MN))[0]).toMatchObject({ noise: 58.3 });
    // Every reply is a valid frame echoing the upload's QN, PW and MN.
    for (const reply of received().split('\r\n').filter(Boolean)) {
      const data = reply.slice(6, -4);
      expect(reply.slice(-4)).toBe(hj212CrcHex(data));
      expect(parseDataSegment(data)).toMatchObject({ qn: expect.stringMatching(/^2026112510\d{7}$/), st: '91', cn: '9014', pw: '123456', flag: 4 });
    }
    const device = (await rows<{ online: boolean; last_seen_at: unknown }>(d.db, 'monitor_device', MN))[0];
    expect(device.online).toBe(true);
    expect(device.last_seen_at).not.toBeNull();
    socket.destroy();
  });

  it('takes frames split across chunks and several per chunk', async () => {
    const before = await count(MN);
    const { socket, received } = await open();
    const frames = [1, 2, 3].map((i) => upload(MN, `a34002-Rtd=${60 + i};a34004-Rtd=30`)).join('');
    for (let i = 0; i < frames.length; i += 17) {
      socket.write(frames.slice(i, i + 17));
      await new Promise((r) => setTimeout(r, 2));
    }
    await until(() => (received().match(/CN=9014/g) ?? []).length === 3);
    expect(await count(MN)).toBe(before + 3);
    socket.destroy();
  });

  it('rejects bad CRC, unknown MN, malformed frames and a crane MN with a log line and no reading, and keeps the connection', async () => {
    const before = await count(MN);
    const refusedBefore = d.app.devices.hj212!.stats.refused;
    const { socket, received } = await open();
    const good = upload(MN, 'a34002-Rtd=77');
    const badCrc = good.replace(/[0-9A-F]{4}\r\n$/, (m) => (m.startsWith('0000') ? '1111\r\n' : '0000\r\n'));
    const unknown = upload('99999990000009', 'a34002-Rtd=77');
    const malformed = buildFrame(`QN=20261125100000123;ST=22;CN=2011;PW=1;MN=${MN};Flag=5;CP=&&a34002-Rtd77`);
    const noFactors = upload(MN, 'DataTime=20261125100000');
    const crane = upload(CRANE, 'a34002-Rtd=77');
    socket.write(badCrc + unknown + malformed + noFactors + crane + '##00x1garbage\r\n' + good);
    // The upload without factors is answered (a monitor must not retry it forever) and stores nothing; the good one is stored.
    await until(() => (received().match(/CN=9014/g) ?? []).length === 2);
    await until(async () => (await count(MN)) === before + 1);
    expect(await count('99999990000009')).toBe(0);
    expect(d.app.devices.hj212!.stats.refused - refusedBefore).toBeGreaterThanOrEqual(5);
    socket.destroy();
  });

  it('refuses and counts frames with a wrong or missing PW, or from an address the device does not list; the right PW is stored', async () => {
    const LOCKED = '88888880000005';
    const NO_PW = '88888880000006';
    await registerDevice(d, LOCKED, 'dust', { hj212_password: 'Zx81mK2p', hj212_sources: '203.0.113.7, 10.8.0.0/16' });
    await registerDevice(d, NO_PW, 'dust');
    // Kept hashed, never answered.
    const [stored] = await rows<{ hj212_password: string }>(d.db, 'monitor_device', LOCKED);
    expect(stored.hj212_password).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(stored.hj212_password).not.toContain('Zx81mK2p');
    const listed = await call<Row[]>(d.app, 'GET', endpoint('MonitorDevice', 'list'), { token: d.token, query: { index: 0, size: 200 } });
    expect(JSON.stringify(listed.body)).not.toContain('sha256$');
    const bad = await call(d.app, 'POST', endpoint('MonitorDevice', 'create'), {
      token: d.token, body: { device_code: '88888880000007', device_name: '测试设备', device_kind: 'dust', project_id: d.projectId, hj212_sources: '10.0.0.0/33' },
    });
    expect(bad.body).toMatchObject({ status: 0, detail: '来源地址须为以逗号分隔的IP地址或网段，如 183.221.10.5,10.8.0.0/16' });

    const refusedBefore = d.app.devices.hj212!.stats.refusedAccess;
    const alarmsBefore = (await rows(d.db, 'monitor_alarm', MN)).length;
    const before = await count(MN);
    const { socket, received } = await open();
    const withPw = (mn: string, pw: string | null, cp: string) =>
      buildFrame(`QN=20261125100000124;ST=22;CN=2011;${pw === null ? '' : `PW=${pw};`}MN=${mn};Flag=5;CP=&&${cp}&&`);
    socket.write(
      withPw(MN, '654321', 'a34002-Rtd=999') + withPw(MN, null, 'a34002-Rtd=999') + withPw(MN, '', 'a34002-Rtd=999') +
        withPw(NO_PW, '123456', 'a34002-Rtd=999') + withPw(LOCKED, 'Zx81mK2p', 'a34002-Rtd=999') + withPw(MN, '123456', 'a34002-Rtd=66'),
    );
    // Only the last frame is answered and stored; the 999 µg/m³ ones raised no 扬尘 alarm.
    await until(() => (received().match(/CN=9014/g) ?? []).length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(received().match(/CN=9014/g)).toHaveLength(1);
    expect(await count(MN)).toBe(before + 1);
    expect(await count(NO_PW)).toBe(0);
    expect(await count(LOCKED)).toBe(0);
    expect((await rows(d.db, 'monitor_alarm', MN)).length).toBe(alarmsBefore);
    expect(d.app.devices.hj212!.stats.refusedAccess - refusedBefore).toBe(5);
    // Counted on each device (拒收帧数), written within a second.
    // (One update per device, one after the other: wait for the last of them.)
    const refused = async (code: string) => Number((await rows<{ pw_refused: number }>(d.db, 'monitor_device', code))[0].pw_refused);
    await until(async () => (await refused(MN)) === 3 && (await refused(LOCKED)) === 1, 5_000);
    expect(await refused(NO_PW)).toBe(1);

    // From a listed address (this test connects from 127.0.0.1), the right PW is stored.
    await call(d.app, 'POST', endpoint('MonitorDevice', 'update'), {
      token: d.token, body: { rec_id: String((await rows<{ id: number }>(d.db, 'monitor_device', LOCKED))[0].id), hj212_sources: '203.0.113.7,127.0.0.0/8' },
    });
    socket.write(withPw(LOCKED, 'Zx81mK2p', 'a34002-Rtd=61'));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 2);
    expect(await count(LOCKED)).toBe(1);
    // An edit that does not send the password (the form leaves it out when blank) keeps it.
    const [after] = await rows<{ hj212_password: string }>(d.db, 'monitor_device', LOCKED);
    expect(after.hj212_password).toBe(stored.hj212_password);
    socket.destroy();
  });

  it('answers a non-upload request with Flag A set with 9011', async () => {
    const { socket, received } = await open();
    socket.write(buildFrame(`QN=20261125100000999;ST=22;CN=1011;PW=123456;MN=${MN};Flag=5;CP=&&&&`));
    await until(() => received().includes('CN=9011'));
    expect(received()).toContain('QN=20261125100000999;ST=91;CN=9011;PW=123456;MN=88888880000001;Flag=4;CP=&&QnRtn=1&&');
    socket.destroy();
  });

  it('closes an idle connection and one that overflows its buffer', async () => {
    const idle = await open();
    await new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));
    const flood = await open();
    const closed = new Promise<void>((resolve) => flood.socket.once('close', () => resolve()));
    flood.socket.on('error', () => undefined);
    flood.socket.write(`##9999${'a'.repeat(20_000)}`);
    await closed;
  }, 10_000);

  it('opens one alarm per episode and closes it when PM10 is back to normal', async () => {
    const { socket, received } = await open();
    const send = async (pm10: number, n: number) => {
      socket.write(upload(MN, `a34002-Rtd=${pm10}`));
      await until(() => (received().match(/CN=9014/g) ?? []).length === n);
    };
    await send(180, 1);
    await send(200, 2);
    let alarms = await rows<{ alarm_kind: string; recovered_at: unknown; value: number; threshold: number }>(d.db, 'monitor_alarm', MN);
    expect(alarms.filter((a) => a.alarm_kind === 'pm10')).toEqual([expect.objectContaining({ recovered_at: null, value: 180, threshold: 150 })]);
    await send(90, 3);
    alarms = await rows(d.db, 'monitor_alarm', MN);
    expect(alarms.filter((a) => a.alarm_kind === 'pm10' && a.recovered_at !== null)).toHaveLength(1);
    await send(170, 4);
    alarms = await rows(d.db, 'monitor_alarm', MN);
    expect(alarms.filter((a) => a.alarm_kind === 'pm10')).toHaveLength(2);
    socket.destroy();
  });

  it('stores the readings of public implementations\' frames as sent, and answers those that ask', async () => {
    // Frames exactly as five public implementations ship them (tests/fixtures/hj212): real-time and minute
    // data, vendor quirks (a trailing `;`, an item `Flag=N` in CP, `LA-td`, no CR LF), unmapped gas factors.
    // (flash520/hj212's minute frame is stored as interval records: hj212-intervals.test.ts.)
    const cases: Array<{ source: string; mn: string; expect: Record<string, number> }> = [
      { source: 'libem/HJ212-Moniter', mn: 'JSRCTD000YD107', expect: { pm10: 5, pm25: 4 } },
      { source: 'teafull/hjt212', mn: 'aqms-1100-2020110011', expect: { pm25: 33, pm10: 42, temperature: 10, humidity: 73, pressure: 102.3 } },
      { source: 'jinuxx/hj212', mn: '010000A8900016F000169DC0', expect: { pm25: 207, pm10: 295, temperature: 12.6, humidity: 32, pressure: 101.02, wind_speed: 2.1 } },
      { source: 'sCair/Hj212-Distribute', mn: '0507A010003242', expect: { tsp: 92 } },
    ];
    const { socket, received } = await open();
    let asked = 0;
    for (const c of cases) {
      const f = PUBLIC.find((p) => p.source === c.source && p.crcOk && p.frame?.includes(`MN=${c.mn};`) && /CN=20[135]1/.test(p.frame))!;
      expect(f, c.source).toBeDefined();
      await registerDevice(d, c.mn, 'dust', { hj212_password: '123456' });
      const packet = parseDataSegment(segmentOf(f.frame!));
      if (packet.flag & 1) asked += 1;
      socket.write(Buffer.from(f.frame!, 'latin1'));
      await until(async () => (await count(c.mn)) === 1);
      const [row] = await rows<Record<string, unknown>>(d.db, env, c.mn);
      expect(row, c.source).toMatchObject(c.expect);
    }
    await until(() => (received().match(/CN=9014/g) ?? []).length === asked);
    expect(asked).toBeGreaterThanOrEqual(2);
    socket.destroy();
  });

  it('stores a retransmitted frame (same MN, QN and data time) once and answers every copy', async () => {
    const before = await count(MN);
    const { socket, received } = await open();
    const qn = nextQn();
    const t = nowCst();
    const frame = upload(MN, `DataTime=${t};a34002-Rtd=71.5;a34004-Rtd=33`, { qn });
    // The monitor's reply was lost: it sends the same frame again, twice, also on a new connection.
    socket.write(frame + frame);
    await until(() => (received().match(/CN=9014/g) ?? []).length === 2);
    const again = await open();
    again.socket.write(frame);
    await until(() => (again.received().match(/CN=9014/g) ?? []).length === 1);
    expect(await count(MN)).toBe(before + 1);
    const stored = (await rows<{ qn: string; pm10: number }>(d.db, env, MN)).filter((r) => r.qn === qn);
    expect(stored).toEqual([expect.objectContaining({ pm10: 71.5 })]);
    expect(d.app.devices.hj212!.stats.duplicates).toBeGreaterThanOrEqual(2);
    // The same QN with another data time is another reading (a device that reuses QNs loses nothing).
    socket.write(upload(MN, `DataTime=${t.slice(0, 12)}59;a34002-Rtd=72`, { qn }));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 3);
    await until(async () => (await count(MN)) === before + 2);
    socket.destroy();
    again.socket.destroy();
  });

  it('keeps each flagged value with its flag, out of every figure and alarm; D and B open one 设备故障 episode', async () => {
    const FLAGGED = '88888880000008';
    await registerDevice(d, FLAGGED, 'dust', { hj212_password: '123456' });
    const { socket, received } = await open();
    let replies = 0;
    const send = async (cp: string) => {
      socket.write(upload(FLAGGED, `DataTime=${nowCst()};${cp}`));
      replies += 1;
      await until(() => (received().match(/CN=9014/g) ?? []).length === replies);
    };
    // Every flag but N, each on a PM10 far over its limit (150): stored flagged, no 扬尘 alarm.
    for (const flag of ['F', 'M', 'S', 'C', 'T']) await send(`a34002-Rtd=999,a34002-Flag=${flag};a34004-Rtd=30,a34004-Flag=N`);
    let stored = await rows<{ pm10: number | null; pm25: number | null; data_flags: string | null }>(d.db, env, FLAGGED);
    expect(stored.map((r) => [r.pm10, r.pm25, r.data_flags])).toEqual(['F', 'M', 'S', 'C', 'T'].map((f) => [null, 30, `pm10=999(${f})`]));
    expect((await rows(d.db, 'monitor_alarm', FLAGGED)).length).toBe(0);
    // 故障 (D) and 通讯异常 (B) are the device's fault: one episode while they last, closed by valid data.
    await send('a34002-Rtd=999,a34002-Flag=D;a34004-Rtd=30,a34004-Flag=D');
    await send('a34002-Rtd=88,a34002-Flag=B');
    let alarms = await rows<{ alarm_kind: string; recovered_at: unknown; message: string; alarm_level: string }>(d.db, 'monitor_alarm', FLAGGED);
    expect(alarms).toEqual([expect.objectContaining({ alarm_kind: 'deviceFault', recovered_at: null, alarm_level: '2', message: '设备上报故障：PM2.5（故障）、PM10（故障）' })]);
    stored = await rows(d.db, env, FLAGGED);
    expect(stored[5]).toMatchObject({ pm10: null, pm25: null, data_flags: 'pm25=30(D),pm10=999(D)' });
    await send('a34002-Rtd=61,a34002-Flag=N');
    alarms = await rows(d.db, 'monitor_alarm', FLAGGED);
    expect(alarms).toHaveLength(1);
    expect(alarms[0].recovered_at).not.toBeNull();
    expect(stored.length).toBe(7);
    socket.destroy();
  });

  it('answers an upload whose factors it does not keep (nothing stored) and logs the codes once', async () => {
    const before = await count(MN);
    const { socket, received } = await open();
    const unmapped = 'a21026-Rtd=12.1,a21026-Flag=N;a21004-Rtd=20,a21004-Flag=N';
    socket.write(upload(MN, unmapped) + upload(MN, unmapped, { cn: '2051' }));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 2);
    expect(await count(MN)).toBe(before);
    expect(d.app.devices.hj212!.stats.unmapped).toBeGreaterThanOrEqual(2);
    socket.destroy();
  });

  it('reassembles a split upload (PNUM / PNO) into one reading, answering each part', async () => {
    const before = await count(MN);
    const { socket, received } = await open();
    const qn = nextQn();
    const t = nowCst();
    const part = (pno: number, cp: string) => buildFrame(`QN=${qn};ST=22;CN=2011;PW=123456;MN=${MN};Flag=5;PNUM=3;PNO=${pno};CP=&&DataTime=${t};${cp}&&`);
    // Out of order, one at a time as a monitor waiting for each answer sends them.
    socket.write(part(2, 'a34004-Rtd=36.5,a34004-Flag=N'));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 1);
    socket.write(part(1, 'a34002-Rtd=77.7,a34002-Flag=N'));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 2);
    expect(await count(MN)).toBe(before);
    socket.write(part(3, 'a01001-Rtd=12.5;a01007-Rtd=1.8'));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 3);
    await until(async () => (await count(MN)) === before + 1);
    const row = (await rows<Record<string, unknown>>(d.db, env, MN)).find((r) => r.qn === qn);
    expect(row).toMatchObject({ pm10: 77.7, pm25: 36.5, temperature: 12.5, wind_speed: 1.8 });
    socket.destroy();
  });

  it('handles a frame without its CR LF by its declared length, without waiting for the next frame', async () => {
    const before = await count(MN);
    const { socket, received } = await open();
    socket.write(upload(MN, `DataTime=${nowCst()};a34002-Rtd=64`).slice(0, -2));
    await until(() => (received().match(/CN=9014/g) ?? []).length === 1);
    await until(async () => (await count(MN)) === before + 1);
    socket.destroy();
  });
});

describe('the demo simulator fed through the devices’ doors', () => {
  let app: FastifyInstance;
  let db: Kysely<Database>;
  beforeAll(async () => {
    app = await startApp({
      simulator: { intervalMs: 3_600_000, backfillHours: 0, toggleProbability: 0, feedDevices: true },
      devices: { flushMs: 5, hj212: { port: 0, host: '127.0.0.1' } },
      routes: [
        async (_api, { ctx }) => {
          db = ctx.db;
        },
      ],
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });
  const GAS = '2024001-GAS-01';
  const fresh = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.id(table)} where reading_time > now() - interval '1 minute'`.execute(db)).rows[0].n);

  it('sends dust and noise readings as HJ 212 frames and crane, lift and gas readings as signed HTTP', async () => {
    const before = { frames: app.devices.hj212!.stats.stored, readings: app.devices.ingest.stats.readings };
    // A middling draw every time: no gas pocket, background levels.
    const report = await app.simulator!.tick({ site: false, toggle: false, random: () => 0.5 });
    expect(report.envReadings).toBeGreaterThan(0);
    expect(report.craneReadings).toBeGreaterThan(0);
    expect(report.gasReadings).toBeGreaterThan(0);
    // Every demo crane, lift and gas detector has an ingestion key (schemas/seed/monitor-device.json): all of it is fed.
    const all = report.envReadings + report.craneReadings + report.gasReadings;
    expect(report.fed).toBe(all);
    expect(app.devices.hj212!.stats.stored - before.frames).toBe(report.envReadings);
    expect(app.devices.ingest.stats.readings - before.readings).toBe(all);
    expect(await fresh('env_reading')).toBe(report.envReadings);
    expect(await fresh('crane_reading')).toBe(report.craneReadings);
    expect(await fresh('gas_reading')).toBe(report.gasReadings);
    const gas = (await sql<Record<string, number | null>>`select lel, o2, co, h2s from gas_reading where device_code = ${GAS} order by reading_time desc limit 1`.execute(db)).rows[0];
    expect(gas.lel).toBeGreaterThanOrEqual(0);
    expect(gas.lel).toBeLessThan(25);
    expect(gas.o2).toBeGreaterThan(19.5);
    expect(gas.o2).toBeLessThanOrEqual(21.5);
    expect(gas.co).toBeGreaterThanOrEqual(0);
    expect(gas.h2s).toBeGreaterThanOrEqual(0);
  }, 30_000);

  it('a gas pocket at the detector crosses the seeded limit and the ingestion opens one 气体 alarm', async () => {
    const open = async () => Number((await sql<{ n: string }>`select count(*) as n from monitor_alarm
      where device_code = ${GAS} and alarm_kind = 'gas' and recovered_at is null`.execute(db)).rows[0].n);
    expect(await open()).toBe(0);
    // A low draw every time: the pocket comes (combustible gas, 30 %LEL or more) — through the signed endpoint.
    const report = await app.simulator!.tick({ site: false, toggle: false, random: () => 0.001 });
    expect(report.fed).toBe(report.envReadings + report.craneReadings + report.gasReadings);
    const [reading] = (await sql<{ lel: number }>`select lel from gas_reading where device_code = ${GAS} order by reading_time desc limit 1`.execute(db)).rows;
    expect(reading.lel).toBeGreaterThan(25);
    expect(await open()).toBe(1);
    const [alarm] = (await sql<{ message: string; threshold: number }>`select message, threshold from monitor_alarm
      where device_code = ${GAS} and alarm_kind = 'gas' and recovered_at is null`.execute(db)).rows;
    expect(alarm.message).toContain('可燃气体');
    expect(Number(alarm.threshold)).toBe(25);
  }, 30_000);
});
