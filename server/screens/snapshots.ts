// Demo AI snapshots (docs/ai-recognition.md): a small PNG per AI event type, drawn here rather than bundled —
// a 192×108 site scene (sky, ground, a tunnel portal or a fence) with a worker and the red recognition box the
// camera draws around what it found, in the event type's colour band. Encoded with node:zlib (PNG: signature,
// IHDR, one IDAT of filter-0 scanlines, IEND, each chunk with its CRC-32).
import { deflateSync } from 'node:zlib';

const W = 192;
const H = 108;

type Rgb = readonly [number, number, number];

/** Each aiEventType's band colour and what the scene shows. */
const SCENES: Readonly<Record<string, { band: Rgb; helmet: boolean; vest: boolean; flame: boolean; high: boolean }>> = {
  helmet: { band: [230, 160, 30], helmet: false, vest: true, flame: false, high: false },
  vest: { band: [240, 200, 40], helmet: true, vest: false, flame: false, high: false },
  smoking: { band: [150, 150, 160], helmet: true, vest: true, flame: true, high: false },
  fire: { band: [230, 60, 40], helmet: true, vest: true, flame: true, high: false },
  intrusion: { band: [220, 50, 90], helmet: true, vest: true, flame: false, high: false },
  climbing: { band: [120, 90, 220], helmet: true, vest: true, flame: false, high: true },
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer): number => {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** Encodes an RGB pixel buffer (W×H×3) as a PNG. */
export function encodePng(pixels: Buffer, width = W, height = H): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The demo snapshot of an event type; `variant` (0–3) moves the worker, so a gallery is not one picture. */
export function demoSnapshot(type: string, variant: number, tunnel: boolean): Buffer {
  const scene = SCENES[type] ?? SCENES.intrusion;
  const px = Buffer.alloc(W * H * 3);
  const set = (x: number, y: number, c: Rgb) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (y * W + x) * 3;
    px[i] = c[0];
    px[i + 1] = c[1];
    px[i + 2] = c[2];
  };
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, c);
  };
  const frame = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    rect(x0, y0, w, 2, c);
    rect(x0, y0 + h - 2, w, 2, c);
    rect(x0, y0, 2, h, c);
    rect(x0 + w - 2, y0, 2, h, c);
  };
  // Sky to ground.
  for (let y = 0; y < H; y++) {
    const sky = y < 60;
    const t = y / H;
    rect(0, y, W, 1, sky ? [Math.round(120 + 60 * t), Math.round(160 + 50 * t), Math.round(200 + 30 * t)] : [Math.round(130 - 20 * t), Math.round(115 - 20 * t), Math.round(95 - 20 * t)]);
  }
  if (tunnel) {
    // A portal: a grey face with a dark arch.
    rect(40, 18, 112, 44, [150, 150, 145]);
    for (let y = 26; y < 62; y++) {
      for (let x = 62; x < 130; x++) {
        const dx = (x - 96) / 34;
        const dy = (y - 44) / 24;
        if (y >= 44 || dx * dx + dy * dy <= 1) set(x, y, [30, 32, 36]);
      }
    }
  } else {
    // Scaffolding and a fence.
    for (let x = 20; x < 180; x += 16) rect(x, 14, 2, 48, [90, 90, 95]);
    for (let y = 14; y < 62; y += 12) rect(20, y, 160, 2, [90, 90, 95]);
    rect(0, 56, W, 6, [40, 110, 170]);
  }
  // The worker.
  const x = 70 + variant * 14;
  const y = scene.high ? 22 : 50;
  rect(x + 4, y, 8, 8, [230, 190, 160]); // head
  if (scene.helmet) rect(x + 3, y - 3, 10, 4, [250, 210, 30]);
  rect(x + 2, y + 8, 12, 16, scene.vest ? [255, 120, 20] : [60, 80, 120]); // body
  if (scene.vest) rect(x + 2, y + 14, 12, 2, [220, 220, 220]);
  rect(x + 3, y + 24, 4, 12, [40, 45, 60]);
  rect(x + 9, y + 24, 4, 12, [40, 45, 60]);
  if (scene.flame) {
    const fx = type === 'smoking' ? x + 14 : 140;
    const fy = type === 'smoking' ? y + 8 : 70;
    const size = type === 'smoking' ? 3 : 14;
    rect(fx, fy, size, size, [255, 90, 20]);
    rect(fx + Math.floor(size / 4), fy - Math.floor(size / 2), Math.ceil(size / 2), Math.ceil(size / 2), [255, 200, 40]);
  }
  // The recognition box and the type's colour band.
  if (type === 'fire') frame(130, 58, 34, 30, [255, 40, 40]);
  else frame(x - 4, y - 7, 24, 47, [255, 40, 40]);
  rect(0, 0, W, 10, scene.band);
  rect(W - 18, 2, 6, 6, [255, 40, 40]); // REC dot
  return encodePng(px);
}
