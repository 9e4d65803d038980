/**
 * The devices of scripts/bench-streams.ts, in a process of their own (each side of 10,000 connections needs its
 * own file descriptors, and the server's event loop must not also run the clients'). Driven over IPC:
 *   { open: cookies[] }            opens one change stream per cookie, spread over 200 loopback addresses (the
 *                                  server's per-address cap of 64 stays as it is); answers { opened, failed }
 *   { measure: {...} }             pushes from one device and times the acknowledgement and the RESYNC, and the
 *                                  pulled document, on the person's second device; answers the timings
 *   { resyncs: true }              answers how many RESYNCs the background streams received
 */

import { randomUUID } from 'node:crypto';
import http from 'node:http';

interface Device {
  cookie: string;
  csrf: string;
}
interface Measure {
  pusher: Device;
  receiver: Device;
  userId: number;
  pushes: number;
  warmup: number;
}

const port = Number(process.env.BENCH_STREAM_PORT);
const HOST = 'localhost:8080';
let backgroundResyncs = 0;
const open: http.ClientRequest[] = [];

/** A change stream held open; `onEvent` sees each event name as it arrives. */
function stream(cookie: string, localAddress: string, onEvent: (name: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        agent: false,
        path: '/sync/v1/stream?collections=availabilities,notifications',
        headers: { cookie, host: HOST },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const name = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1] ?? '';
            buffer = buffer.slice(end + 2);
            if (name === 'ready' && !ready) {
              ready = true;
              resolve(req);
            }
            onEvent(name);
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('error', () => {});
        res.on('end', () => {
          if (!ready) reject(new Error('the stream ended before it was ready'));
        });
      },
    );
    req.on('error', reject);
  });
}

async function call(device: Device, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      host: HOST,
      cookie: device.cookie,
      'x-xsrf-token': device.csrf,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function openAll(cookies: string[]) {
  let opened = 0;
  let failed = 0;
  // A few hundred at a time: a burst of 10,000 connects overflows the listen backlog.
  const batch = 200;
  for (let i = 0; i < cookies.length; i += batch) {
    const results = await Promise.allSettled(
      cookies.slice(i, i + batch).map((cookie, j) =>
        stream(cookie, `127.0.0.${2 + ((i + j) % 200)}`, (name) => {
          if (name === 'RESYNC') backgroundResyncs++;
        }),
      ),
    );
    if (i % 2000 === 0) console.error(`[devices] ${i + batch} streams asked for`);
    for (const r of results) {
      if (r.status === 'fulfilled') {
        opened++;
        open.push(r.value);
      } else failed++;
    }
  }
  return { opened, failed };
}

async function measure(m: Measure) {
  let resynced: (() => void) | null = null;
  const receiverStream = await stream(m.receiver.cookie, '127.0.0.1', (name) => {
    if (name === 'RESYNC') resynced?.();
  });
  // The receiver's checkpoint, as its store would hold it after the first pull.
  let checkpoint: unknown = null;
  const pullUntil = async (id: string) => {
    for (;;) {
      const q = checkpoint ? `&checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}` : '';
      const { json } = (await call(m.receiver, 'GET', `/sync/v1/availabilities/pull?limit=500${q}`)) as {
        json: { documents: { id: string }[]; checkpoint: unknown };
      };
      checkpoint = json.checkpoint ?? checkpoint;
      if (json.documents.some((d) => d.id === id) || json.documents.length === 0) return;
    }
  };
  await pullUntil('none');
  const ack: number[] = [];
  let missed = 0;
  const hint: number[] = [];
  const pulled: number[] = [];
  for (let i = 0; i < m.warmup + m.pushes; i++) {
    const doc = {
      id: randomUUID(),
      write_id: randomUUID(),
      _deleted: false,
      user_id: m.userId,
      day: 'Tuesday',
      start_time: '09:00',
      end_time: '10:00',
      timezone: 'America/New_York',
      updated_at: new Date().toISOString(),
    };
    // A RESYNC that never comes is counted as missed (and as 5 s), not waited for forever.
    let timer: NodeJS.Timeout | undefined;
    const hinted = new Promise<void>((resolve) => {
      resynced = resolve;
      timer = setTimeout(() => {
        missed++;
        resolve();
      }, 5_000);
    });
    const t0 = performance.now();
    const res = await call(m.pusher, 'POST', '/sync/v1/availabilities/push', [{ assumedMasterState: null, newDocumentState: doc }]);
    const acked = performance.now();
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${JSON.stringify(res.json)}`);
    await hinted;
    clearTimeout(timer);
    const hintAt = performance.now();
    await pullUntil(doc.id);
    const pulledAt = performance.now();
    if (i % 50 === 0) console.error(`[devices] push ${i}`);
    if (i >= m.warmup) {
      ack.push(acked - t0);
      hint.push(hintAt - t0);
      pulled.push(pulledAt - t0);
    }
    // Pushes a little apart, as people make them, so heartbeats and session checks run in between.
    await new Promise((r) => setTimeout(r, 20));
  }
  receiverStream.destroy();
  return { ack, hint, pulled, missed };
}

process.on('message', async (message: { open?: string[]; measure?: Measure; resyncs?: boolean; close?: boolean }) => {
  try {
    if (message.open) process.send!(await openAll(message.open));
    else if (message.measure) process.send!(await measure(message.measure));
    else if (message.resyncs) process.send!({ resyncs: backgroundResyncs });
    else if (message.close) {
      for (const req of open) req.destroy();
      process.send!({ closed: true });
      process.exit(0);
    }
  } catch (err) {
    process.send!({ error: (err as Error).message });
  }
});
process.send!({ started: true });
