import { inflateRawSync } from 'node:zlib';

/*
 * The zip checks of an .xlsx before exceljs sees it (SECURITY.md UP-04, ASVS 5.2.3; docs/decisions/0054). exceljs
 * trusts the archive: a zip bomb would be inflated whole in memory. Here every entry is inflated with a hard
 * output bound (so a size the archive lies about changes nothing), the entries and bytes are counted, and the
 * sheets' rows are counted in their XML, all before the real parse.
 */

export interface XlsxLimits {
  uncompressedBytes: number;
  entries: number;
  rows: number;
}

export type XlsxVerdict = { ok: true } | { ok: false; reason: 'not-xlsx' | 'too-big' | 'too-many-rows' };

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === END) return i;
  return -1;
}

class Refused extends Error {
  constructor(readonly reason: 'not-xlsx' | 'too-big' | 'too-many-rows') {
    super(reason);
  }
}

function inflateEntry(buf: Buffer, localOffset: number, method: number, compressed: number, budget: number): Buffer {
  if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOCAL) throw new Refused('not-xlsx');
  const start = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
  if (start + compressed > buf.length) throw new Refused('not-xlsx');
  const data = buf.subarray(start, start + compressed);
  if (method === 0) {
    if (data.length > budget) throw new Refused('too-big');
    return data;
  }
  if (method !== 8) throw new Refused('not-xlsx');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (err) {
    throw new Refused((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-big' : 'not-xlsx');
  }
}

/** Whether the bytes are an .xlsx within the limits; nothing is parsed as a spreadsheet here. */
export function inspectXlsx(buf: Buffer, limits: XlsxLimits): XlsxVerdict {
  try {
    if (buf.length < 30 || buf.readUInt32LE(0) !== LOCAL) throw new Refused('not-xlsx');
    const end = findEnd(buf);
    if (end < 0) throw new Refused('not-xlsx');
    const declared = buf.readUInt16LE(end + 10);
    const cdSize = buf.readUInt32LE(end + 12);
    const cdOffset = buf.readUInt32LE(end + 16);
    // ZIP64 markers: no spreadsheet of an email list needs one.
    if (declared === 0xffff || cdOffset === 0xffffffff) throw new Refused('not-xlsx');
    // The directory must end where its end record starts: the zip library shifts every offset by any gap, and
    // would then read entries other than the ones checked here (issue 21 item 14).
    if (cdOffset + cdSize !== end) throw new Refused('not-xlsx');
    const names = new Set<string>();
    let total = 0;
    let count = 0;
    // Every record actually in the directory, not the count the end record claims: the zip library reads them
    // all, so an entry left out of the count would be inflated unchecked (issue 21 item 14).
    for (let p = cdOffset; p < end; ) {
      if (++count > limits.entries) throw new Refused('too-big');
      if (p + 46 > end || buf.readUInt32LE(p) !== CENTRAL) throw new Refused('not-xlsx');
      const flags = buf.readUInt16LE(p + 8);
      const method = buf.readUInt16LE(p + 10);
      const compressed = buf.readUInt32LE(p + 20);
      const nameLength = buf.readUInt16LE(p + 28);
      const skip = nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
      const localOffset = buf.readUInt32LE(p + 42);
      const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
      p += 46 + skip;
      if (flags & 1) throw new Refused('not-xlsx'); // encrypted
      // Inflated with what is left of the budget as a hard output bound: the sizes the archive claims count for nothing.
      const content = inflateEntry(buf, localOffset, method, compressed, limits.uncompressedBytes - total + 1);
      total += content.length;
      if (total > limits.uncompressedBytes) throw new Refused('too-big');
      if (names.has(name)) throw new Refused('not-xlsx');
      names.add(name);
      if (!/\.(xml|rels)$/i.test(name)) continue;
      const text = content.toString('utf8');
      // No DTD in any part: entities are never expanded, so neither XXE nor billion laughs can start (UP-04).
      if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Refused('not-xlsx');
      if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name) && (text.match(/<(?:\w+:)?row[\s>/]/g)?.length ?? 0) > limits.rows) {
        throw new Refused('too-many-rows');
      }
    }
    if (count !== declared) throw new Refused('not-xlsx');
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new Refused('not-xlsx');
    return { ok: true };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    return { ok: false, reason: 'not-xlsx' };
  }
}
