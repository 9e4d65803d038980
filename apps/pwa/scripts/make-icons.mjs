// Draws the app icons (the favicon's pulse line on the brand colour) as PNG files in public/icons.
// Run from the repository root: node apps/pwa/scripts/make-icons.mjs. The PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BRAND = [0x1c, 0x7b, 0x93];
const WHITE = [0xff, 0xff, 0xff];
// The favicon's path in its 64-unit box: M20 33.5 h7 l4-11 6 21 4-10 h3, stroke 5, round caps and joins.
const PULSE = [
  [20, 33.5],
  [27, 33.5],
  [31, 22.5],
  [37, 43.5],
  [41, 33.5],
  [44, 33.5],
];
const STROKE_RADIUS = 2.5;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/**
 * One icon: `maskable` fills the whole square (the platform applies its own mask) and shrinks the mark into
 * the safe zone; the regular icon has the favicon's rounded corners and a transparent outside.
 */
function drawIcon(size, maskable) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  const scale = maskable ? 0.8 : 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let mark = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = ((x + (sx + 0.5) / samples) / size) * 64;
          const v = ((y + (sy + 0.5) / samples) / size) * 64;
          if (maskable || insideRoundedSquare(u, v, 14)) bg++;
          else continue;
          // The mark, scaled about the centre.
          const mu = 32 + (u - 32) / scale;
          const mv = 32 + (v - 32) / scale;
          let d = Number.POSITIVE_INFINITY;
          for (let i = 0; i + 1 < PULSE.length; i++) d = Math.min(d, distanceToSegment(mu, mv, PULSE[i], PULSE[i + 1]));
          if (d <= STROKE_RADIUS) mark++;
        }
      }
      const total = samples * samples;
      const alpha = bg / total;
      const m = bg ? mark / bg : 0;
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) rgba[o + c] = Math.round(BRAND[c] * (1 - m) + WHITE[c] * m);
      rgba[o + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, rgba);
}

const out = new URL('../public/icons/', import.meta.url);
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
]) {
  writeFileSync(new URL(name, out), drawIcon(size, maskable));
  console.log(`wrote public/icons/${name}`);
}
