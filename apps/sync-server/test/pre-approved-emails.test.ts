import { deflateRawSync } from 'node:zlib';
import { PRE_APPROVED_MESSAGES as M, PRE_APPROVED_LIMITS } from '@simvisit/schema';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner } from '../src/seed/test-factories';
import { type Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let superadmin: Client;
beforeAll(async () => {
  server = await startTestServer();
  superadmin = await signedIn(server, 'superadmin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const newPartner = () =>
  createTestPartner(server.db, { slug_prefix: 'emails', is_sim: false, seats: 10, used_seats: 0, passcode: 'Brand-Pass-1' });
const listOf = async (partnerId: number) =>
  (
    await server.db.selectFrom('partner_pre_approved_emails').select('email').where('partner_id', '=', partnerId).orderBy('email').execute()
  ).map((r) => r.email);

/** An .xlsx written by exceljs: the first column of the first sheet holds the given values. */
async function sheet(values: ExcelJS.CellValue[], extra?: (wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Emails');
  values.forEach((v, i) => {
    ws.getCell(i + 1, 1).value = v;
  });
  extra?.(wb, ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(client: Client, partnerId: number | string | null, data: Buffer | null, name = 'list.xlsx') {
  const form = new FormData();
  if (partnerId !== null) form.set('partner_id', String(partnerId));
  if (data) form.set('file', new Blob([new Uint8Array(data)]), name);
  return client.request('POST', '/api/partner/email-list', { body: form });
}

describe('POST api/partner/email-list', () => {
  it('adds the addresses lower-cased, counting repeats once, and answers the spec’s words', async () => {
    const p = await newPartner();
    const file = await sheet([
      'Email',
      'Ana@Example.com',
      'ben@example.org',
      'ana@example.com',
      null,
      { text: 'Link@Example.com', hyperlink: 'mailto:link@example.com' },
      { richText: [{ text: 'rich' }, { text: '@example.net' }] },
    ]);
    const res = await upload(superadmin, p.id, file);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toEqual({ message: M.uploaded, read: 5, added: 4, duplicates: 1, already_listed: 0 });
    expect(await listOf(p.id)).toEqual(['ana@example.com', 'ben@example.org', 'link@example.com', 'rich@example.net']);
    // a second upload adds only what is new
    const again = await json(await upload(superadmin, p.id, await sheet(['BEN@example.org', 'new@example.com'])));
    expect(again).toMatchObject({ added: 1, already_listed: 1 });
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'partner.pre_approved_emails_imported')
      .where('target_id', '=', String(p.id))
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('ana@example.com');
  });

  it('names every invalid row and adds nothing when one is invalid', async () => {
    const p = await newPartner();
    const res = await upload(superadmin, p.id, await sheet(['ok@example.com', 'not an email', 42, 'also@bad']));
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({
      message: M.invalidEmails,
      errors: {
        file: [
          'Row 2: "not an email" is not a valid email address.',
          'Row 3: "42" is not a valid email address.',
          'Row 4: "also@bad" is not a valid email address.',
        ],
      },
    });
    expect(await listOf(p.id)).toEqual([]);
  });

  it('never evaluates a formula nor trusts its cached result: the row is reported', async () => {
    const p = await newPartner();
    const file = await sheet(['ok@example.com', { formula: 'CONCATENATE("evil","@example.com")', result: 'evil@example.com' }]);
    const res = await upload(superadmin, p.id, file);
    expect(res.status).toBe(422);
    expect((await json(res)).errors.file[0]).toMatch(/^Row 2: "=CONCATENATE/);
    expect(await listOf(p.id)).toEqual([]);
  });

  it('requires a partner and an .xlsx file', async () => {
    const p = await newPartner();
    const ok = await sheet(['a@example.com']);
    const noPartner = await upload(superadmin, null, ok);
    expect(noPartner.status).toBe(422);
    expect((await json(noPartner)).errors.partner_id).toEqual([M.partnerRequired]);
    expect((await upload(superadmin, 999999, ok)).status).toBe(404);
    for (const [data, name] of [
      [null, 'list.xlsx'],
      [ok, 'list.csv'],
    ] as const) {
      const res = await upload(superadmin, p.id, data, name);
      expect(res.status).toBe(422);
      expect(await json(res)).toEqual({ message: M.fileRequired, errors: { file: [M.fileRequired] } });
    }
    const asJson = await superadmin.post('/api/partner/email-list', { partner_id: p.id });
    expect(asJson.status).toBe(422);
    const empty = await upload(superadmin, p.id, await sheet(['Email', null]));
    expect(await json(empty)).toMatchObject({ message: M.noEmails });
    expect(await listOf(p.id)).toEqual([]);
  });

  it('refuses a .png renamed .xlsx and a zip that is no spreadsheet (UP-04)', async () => {
    const p = await newPartner();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    for (const data of [png, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)])]) {
      const res = await upload(superadmin, p.id, data, 'list.xlsx');
      expect(res.status).toBe(422);
      expect(await json(res)).toEqual({ message: M.notXlsx, errors: { file: [M.notXlsx] } });
    }
  });

  it('refuses a zip bomb before exceljs inflates it (UP-04)', async () => {
    const p = await newPartner();
    // A 40 MB part of zeros compresses to a few kB: small on the wire, huge once inflated.
    const bomb = await sheet(['a@example.com'], (wb, ws) => {
      const image = wb.addImage({ buffer: Buffer.alloc(40 * 1024 * 1024) as unknown as ExcelJS.Buffer, extension: 'png' });
      ws.addImage(image, 'C3:D4');
    });
    expect(bomb.length).toBeLessThan(PRE_APPROVED_LIMITS.fileBytes);
    const res = await upload(superadmin, p.id, bomb);
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ message: M.tooBig, errors: { file: [M.tooBig] } });
    expect(await listOf(p.id)).toEqual([]);
  }, 60_000);

  it('refuses a 100k-row sheet and a file over 2 MB (UP-04)', async () => {
    const p = await newPartner();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Emails');
    for (let i = 1; i <= 100_000; i++) ws.getCell(i, 1).value = 'same@example.com';
    const rows = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(superadmin, p.id, rows);
    expect(res.status).toBe(422);
    expect([M.tooManyRows, M.tooBig]).toContain((await json(res)).message);
    const large = Buffer.concat([await sheet(['a@example.com']), Buffer.alloc(PRE_APPROVED_LIMITS.fileBytes)]);
    const tooLarge = await upload(superadmin, p.id, large);
    expect(tooLarge.status).toBe(422);
    expect((await json(tooLarge)).message).toBe(M.tooLarge);
    expect(await listOf(p.id)).toEqual([]);
  }, 120_000);

  it('refuses large data hidden in entries the archive does not count (issue 21 item 14)', async () => {
    const p = await newPartner();
    const small = await sheet(['hidden@example.com']);
    // 40 MB of zeros left out of the end record's count: the zip library still reads the entry and inflates it.
    const hidden = withHiddenEntry(small, 'xl/media/hidden.bin', Buffer.alloc(40 * 1024 * 1024));
    expect(hidden.length).toBeLessThan(PRE_APPROVED_LIMITS.fileBytes);
    const res = await upload(superadmin, p.id, hidden);
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ message: M.tooBig, errors: { file: [M.tooBig] } });
    // The same with a small hidden entry: an archive whose directory and count disagree is no spreadsheet.
    const lying = await upload(superadmin, p.id, withHiddenEntry(small, 'xl/media/x.bin', Buffer.from('x')));
    expect(await json(lying)).toEqual({ message: M.notXlsx, errors: { file: [M.notXlsx] } });
    // A gap before the end record would shift every offset the zip library reads: refused as well.
    const end = small.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const gap = Buffer.concat([small.subarray(0, end), Buffer.alloc(64), small.subarray(end)]);
    expect((await json(await upload(superadmin, p.id, gap))).message).toBe(M.notXlsx);
    expect(await listOf(p.id)).toEqual([]);
  }, 60_000);

  it('refuses a sheet with a DOCTYPE (no entity is ever expanded)', async () => {
    const p = await newPartner();
    const xml = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Types/>');
    const zip = storedZip([
      { name: '[Content_Types].xml', data: xml },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]);
    const res = await upload(superadmin, p.id, zip);
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe(M.notXlsx);
  });
});

/** A minimal zip of stored entries, built by hand since no writer produces a DTD (the guard reads no CRC). */
function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += 30 + name.length + f.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * The archive with one more deflated entry, added to its directory but not to the end record's count (the zip
 * library reads every directory record; CRCs are not checked by it, so none is written).
 */
function withHiddenEntry(zip: Buffer, name: string, data: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdOffset = zip.readUInt32LE(end + 16);
  const packed = deflateRawSync(data, { level: 9 });
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(cdOffset, 42);
  const cd = Buffer.concat([zip.subarray(cdOffset, end), central, nameBytes]);
  const record = Buffer.from(zip.subarray(end));
  record.writeUInt32LE(cd.length, 12);
  record.writeUInt32LE(cdOffset + 30 + nameBytes.length + packed.length, 16);
  return Buffer.concat([zip.subarray(0, cdOffset), local, nameBytes, packed, cd, record]);
}
