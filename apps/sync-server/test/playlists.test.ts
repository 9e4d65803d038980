import { PLAYLIST_MESSAGES as M, playlistEntryStatusLabel, SCENARIO_MESSAGES } from '@simvisit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, json, signedIn } from './support/client';
import { startTestServer, type TestServer } from './support/test-server';
import { insertScenario as insertTestScenario } from './support/visit-fixtures';

let server: TestServer;
let learner: Client;
let observer: Client;
let admin: Client;
let northLearner: Client;

/** Published at sp (partner 1): in the catalogue of every sp user. */
let pubA: number;
let pubB: number;
let pubC: number;
/** Published only at northfield (partner 2): sp learners and observers may not open it; admins may. */
let pubNorth: number;
/** A draft of author@: only its author and scenario admins may open it. */
let draft: number;

async function userId(email: string): Promise<number> {
  const row = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** A scenario at the partners given (job number JOB-1 at each). */
const insertScenario = async (opts: { title: string; patient: string; status: number; partners: number[] }): Promise<number> =>
  Number(await insertTestScenario(server, { ...opts, jobs: opts.partners.map((p): [number, string] => [p, 'JOB-1']) }));

const setStatus = (scenarioId: number, status: number) =>
  server.db.updateTable('scenarios').set({ status }).where('id', '=', String(scenarioId)).execute();

const put = (client: Client, path: string, body: unknown, opts: { csrf?: boolean } = {}) =>
  client.request('PUT', path, { json: body, ...opts });
const del = (client: Client, path: string, opts: { csrf?: boolean } = {}) => client.request('DELETE', path, opts);

async function create(client: Client, name: string, description?: string): Promise<number> {
  const res = await client.post('/api/playlists', { name, description });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).playlist.id;
}
async function add(client: Client, playlistId: number, scenarioId: number) {
  const res = await client.post(`/api/playlists/${playlistId}/scenario`, { scenario_id: scenarioId });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).playlist;
}
const show = (client: Client, id: number) => client.get(`/api/playlists/${id}`);
async function shown(client: Client, id: number) {
  const res = await show(client, id);
  expect(res.status).toBe(200);
  return (await json(res)).playlist;
}
const titles = (playlist: { scenarios: { scenario: { title: string } }[] }) => playlist.scenarios.map((e) => e.scenario.title);
const playlistCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('playlists')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function expect422(res: Response, field: string, message: string) {
  expect(res.status).toBe(422);
  const body = await json(res);
  expect(body.message).toBe(message);
  expect(body.errors[field]).toContain(message);
}

beforeAll(async () => {
  server = await startTestServer();
  learner = await signedIn(server, 'learner@demo.test');
  observer = await signedIn(server, 'observer@demo.test');
  admin = await signedIn(server, 'admin@demo.test');
  northLearner = await signedIn(server, 'learner2@demo.test', 'northfield');
  pubA = await insertScenario({ title: 'Chest Pain', patient: 'Maria Lopez', status: 5, partners: [1] });
  pubB = await insertScenario({ title: 'Headache', patient: 'John Doe', status: 5, partners: [1] });
  pubC = await insertScenario({ title: 'Back Pain', patient: 'Ann Lee', status: 5, partners: [1] });
  pubNorth = await insertScenario({ title: 'Northfield Only', patient: 'Nora North', status: 5, partners: [2] });
  draft = await insertScenario({ title: 'Draft Case', patient: 'Dee Draft', status: 1, partners: [] });
});
afterAll(async () => {
  await server.close();
});

describe('creating a playlist (spec 001 §5)', () => {
  it("requires a name with the spec's words and keeps the description optional", async () => {
    await expect422(await learner.post('/api/playlists', { name: '' }), 'name', 'A Name is Required');
    await expect422(await learner.post('/api/playlists', { name: '   ' }), 'name', 'A Name is Required');
    await expect422(await learner.post('/api/playlists', {}), 'name', 'A Name is Required');
    await expect422(await learner.post('/api/playlists', { name: null, description: 'x' }), 'name', 'A Name is Required');
    await expect422(await learner.post('/api/playlists', { name: 'x'.repeat(256) }), 'name', M.nameTooLong);
    await expect422(
      await learner.post('/api/playlists', { name: 'ok', description: 'x'.repeat(2001) }),
      'description',
      M.descriptionTooLong,
    );
    expect(await json(await learner.get('/api/my-playlists'))).toEqual({ playlists: [] });

    const res = await learner.post('/api/playlists', { name: '  Cardiology  ' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe('Playlist created');
    expect(body.playlist).toMatchObject({
      name: 'Cardiology',
      description: null,
      public: 0,
      user_id: await userId('learner@demo.test'),
      owner: { name: 'Lee Learner' },
      scenario_count: 0,
      scenarios: [],
    });
    const withDescription = await learner.post('/api/playlists', { name: 'Neuro', description: 'Headaches and more' });
    expect((await json(withDescription)).playlist.description).toBe('Headaches and more');
  });

  it('stores HTML in names and descriptions as plain text (HTML-02)', async () => {
    const name = '<img src=x onerror=alert(1)><b>Bold</b>';
    const id = await create(learner, name, '<script>alert(1)</script>');
    const playlist = await shown(learner, id);
    expect(playlist.name).toBe(name);
    expect(playlist.description).toBe('<script>alert(1)</script>');
    const renamed = await put(learner, `/api/playlists/${id}`, { name: '"><svg onload=alert(1)>', public: false });
    expect((await json(renamed)).playlist.name).toBe('"><svg onload=alert(1)>');
  });

  it('needs a session (401) and the CSRF header (419)', async () => {
    const anonymous = new Client(server);
    await anonymous.csrf();
    expect((await anonymous.get('/api/playlists')).status).toBe(401);
    expect((await anonymous.get('/api/my-playlists')).status).toBe(401);
    expect((await anonymous.post('/api/playlists', { name: 'x' })).status).toBe(401);
    const before = await playlistCount();
    expect((await learner.post('/api/playlists', { name: 'x' }, { csrf: false })).status).toBe(419);
    expect(await playlistCount()).toBe(before);
  });
});

describe('adding scenarios (the added call POST api/playlists/{id}/scenario)', () => {
  it('adds scenarios the owner may open, in order, with the entry fields of spec 001 §3', async () => {
    const id = await create(learner, 'Adds');
    const playlist = await add(learner, id, pubA);
    await add(learner, id, pubB);
    expect(playlist.scenarios).toEqual([
      {
        id: expect.any(Number),
        status: null,
        visit_id: null,
        patient_image: '/patient-images/adult-woman.svg',
        scenario: { id: pubA, title: 'Chest Pain', patient_name: 'Maria Lopez' },
      },
    ]);
    const after = await shown(learner, id);
    expect(titles(after)).toEqual(['Chest Pain', 'Headache']);
    expect(after.scenario_count).toBe(2);
    // No visits yet: every entry is honestly NOT SCHEDULED.
    expect(after.scenarios.map((e: { status: number | null }) => playlistEntryStatusLabel(e.status))).toEqual([
      'NOT SCHEDULED',
      'NOT SCHEDULED',
    ]);
  });

  it('refuses the same scenario twice with a clear message', async () => {
    const id = await create(learner, 'No doubles');
    await add(learner, id, pubA);
    const again = await learner.post(`/api/playlists/${id}/scenario`, { scenario_id: pubA });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('This scenario is already in this playlist.');
    expect(titles(await shown(learner, id))).toEqual(['Chest Pain']);
  });

  it('refuses scenarios the owner may not open, unknown scenarios and a missing scenario id', async () => {
    const id = await create(learner, 'Refusals');
    for (const scenarioId of [pubNorth, draft]) {
      const res = await learner.post(`/api/playlists/${id}/scenario`, { scenario_id: scenarioId });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe(SCENARIO_MESSAGES.noAccess);
    }
    const unknown = await learner.post(`/api/playlists/${id}/scenario`, { scenario_id: 987654 });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe(M.scenarioNotFound);
    await expect422(await learner.post(`/api/playlists/${id}/scenario`, {}), 'scenario_id', 'Please select a scenario.');
    await expect422(
      await learner.post(`/api/playlists/${id}/scenario`, { scenario_id: 'abc' }),
      'scenario_id',
      'Please select a scenario.',
    );
    expect((await shown(learner, id)).scenarios).toEqual([]);
    // A scenario admin may open every scenario, so may add them.
    const adminList = await create(admin, 'Admin list');
    await add(admin, adminList, pubNorth);
    await add(admin, adminList, draft);
    expect(titles(await shown(admin, adminList))).toEqual(['Northfield Only', 'Draft Case']);
  });
});

describe('the owner changes the playlist (spec 001 §6)', () => {
  it('renames and toggles public; the name is required', async () => {
    const id = await create(learner, 'Before');
    await expect422(await put(learner, `/api/playlists/${id}`, { name: '', public: true }), 'name', 'A Name is Required');
    await expect422(await put(learner, `/api/playlists/${id}`, { public: true }), 'name', 'A Name is Required');
    await expect422(await put(learner, `/api/playlists/${id}`, { name: 'x', public: 'yes' }), 'public', M.publicInvalid);
    expect(await shown(learner, id)).toMatchObject({ name: 'Before', public: 0 });
    const res = await put(learner, `/api/playlists/${id}`, { name: 'After', public: true });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: 'Playlist updated', playlist: { name: 'After', public: 1 } });
    expect((await json(await put(learner, `/api/playlists/${id}`, { name: 'After', public: 0 }))).playlist.public).toBe(0);
    expect((await json(await put(learner, `/api/playlists/${id}`, { name: 'Kept private' }))).playlist).toMatchObject({
      name: 'Kept private',
      public: 0,
    });
  });

  it('reorders: the order must list every entry exactly once', async () => {
    const id = await create(learner, 'Order');
    await add(learner, id, pubA);
    await add(learner, id, pubB);
    const full = await add(learner, id, pubC);
    const [a, b, c] = full.scenarios.map((e: { id: number }) => e.id);
    const other = (await add(learner, await create(learner, 'Other'), pubA)).scenarios[0].id;
    const reorder = (order: unknown) => learner.post(`/api/playlists/${id}/reorder`, { order });
    for (const bad of [[c, a], [c, a, b, b], [c, a, other], [], [c, a, b, other]]) {
      await expect422(await reorder(bad), 'order', M.reorderMismatch);
    }
    await expect422(await reorder('c,a,b'), 'order', M.reorderMismatch);
    expect(titles(await shown(learner, id))).toEqual(['Chest Pain', 'Headache', 'Back Pain']);
    const res = await reorder([c, a, b]);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Playlist reordered');
    expect(titles(await shown(learner, id))).toEqual(['Back Pain', 'Chest Pain', 'Headache']);
  });

  it('removes one entry; an entry of another playlist is 404', async () => {
    const id = await create(learner, 'Removal');
    await add(learner, id, pubA);
    const full = await add(learner, id, pubB);
    const otherEntry = (await add(learner, await create(learner, 'Elsewhere'), pubC)).scenarios[0].id;
    const wrong = await del(learner, `/api/playlists/${id}/scenario/${otherEntry}`);
    expect(wrong.status).toBe(404);
    expect((await json(wrong)).message).toBe(M.entryNotFound);
    const res = await del(learner, `/api/playlists/${id}/scenario/${full.scenarios[0].id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: 'Scenario removed from playlist', playlist: { scenario_count: 1 } });
    expect(titles(await shown(learner, id))).toEqual(['Headache']);
    // The scenario can be added again once removed.
    await add(learner, id, pubA);
    expect(titles(await shown(learner, id))).toEqual(['Headache', 'Chest Pain']);
  });

  it('deletes the playlist with DELETE api/playlist/{id} (singular)', async () => {
    const id = await create(learner, 'Doomed');
    await add(learner, id, pubA);
    const res = await del(learner, `/api/playlist/${id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Playlist deleted');
    expect((await show(learner, id)).status).toBe(404);
    const entries = await server.db.selectFrom('playlist_scenarios').select('id').where('playlist_id', '=', id).execute();
    expect(entries).toEqual([]);
    expect((await del(learner, `/api/playlist/${id}`)).status).toBe(404);
  });
});

describe("another user's playlist (AUTHZ-13)", () => {
  let privateId: number;
  let publicId: number;
  let snapshot: { private: unknown; public: unknown };
  beforeAll(async () => {
    privateId = await create(learner, 'Private list');
    await add(learner, privateId, pubA);
    publicId = await create(learner, 'Shared list', 'For everyone');
    await add(learner, publicId, pubA);
    await add(learner, publicId, pubB);
    await put(learner, `/api/playlists/${publicId}`, { name: 'Shared list', public: true });
    snapshot = { private: await shown(learner, privateId), public: await shown(learner, publicId) };
  });

  it('answers 404 to PUT, DELETE and every change by someone else, public or not, and changes nothing', async () => {
    const before = await playlistCount();
    for (const id of [privateId, publicId]) {
      const entry = (id === privateId ? snapshot.private : snapshot.public) as { scenarios: { id: number }[] };
      const attempts = [
        put(observer, `/api/playlists/${id}`, { name: 'Hijacked', public: true }),
        del(observer, `/api/playlist/${id}`),
        observer.post(`/api/playlists/${id}/scenario`, { scenario_id: pubC }),
        del(observer, `/api/playlists/${id}/scenario/${entry.scenarios[0]!.id}`),
        observer.post(`/api/playlists/${id}/reorder`, { order: entry.scenarios.map((e) => e.id).reverse() }),
        put(admin, `/api/playlists/${id}`, { name: 'Admin hijack', public: false }),
        del(admin, `/api/playlist/${id}`),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(404);
        expect((await json(res)).message).toBe(M.notFound);
      }
    }
    expect(await shown(learner, privateId)).toEqual(snapshot.private);
    expect(await shown(learner, publicId)).toEqual(snapshot.public);
    expect(await playlistCount()).toBe(before);
  });

  it('hides a private playlist from others: not listed, 404 to open and to copy', async () => {
    const listed = (await json(await observer.get('/api/playlists'))).playlists.map((p: { id: number }) => p.id);
    expect(listed).toContain(publicId);
    expect(listed).not.toContain(privateId);
    expect((await show(observer, privateId)).status).toBe(404);
    const before = await playlistCount();
    const copy = await observer.post(`/api/playlists/${privateId}/copy`);
    expect(copy.status).toBe(404);
    expect(await playlistCount()).toBe(before);
    expect((await json(await observer.get('/api/my-playlists'))).playlists.map((p: { name: string }) => p.name)).not.toContain(
      'Private list',
    );
  });

  it('keeps public playlists inside the partner they were made at (TEN-01)', async () => {
    const listed = (await json(await northLearner.get('/api/playlists'))).playlists.map((p: { id: number }) => p.id);
    expect(listed).not.toContain(publicId);
    expect((await show(northLearner, publicId)).status).toBe(404);
    expect((await northLearner.post(`/api/playlists/${publicId}/copy`)).status).toBe(404);
  });

  it('lists public playlists and the caller’s own with counts, owner and no entries', async () => {
    const mine = await create(observer, 'Observer own');
    const body = await json(await observer.get('/api/playlists'));
    const shared = body.playlists.find((p: { id: number }) => p.id === publicId);
    expect(shared).toMatchObject({
      name: 'Shared list',
      description: 'For everyone',
      public: 1,
      scenario_count: 2,
      owner: { name: 'Lee Learner' },
    });
    expect(shared.scenarios).toBeUndefined();
    expect(body.playlists.map((p: { id: number }) => p.id)).toContain(mine);
  });

  it('lets others view a public playlist without the owner’s progress, and the owner with it', async () => {
    // The visit issue will write status and visit_id; here the columns are set directly to check who sees them.
    const entry = (snapshot.public as { scenarios: { id: number }[] }).scenarios[0]!.id;
    await server.db.updateTable('playlist_scenarios').set({ status: 1, visit_id: 4242 }).where('id', '=', entry).execute();
    const ownerView = await shown(learner, publicId);
    expect(ownerView.scenarios[0]).toMatchObject({ status: 1, visit_id: 4242 });
    expect(playlistEntryStatusLabel(ownerView.scenarios[0].status)).toBe('SCHEDULED');
    const otherView = await shown(observer, publicId);
    expect(otherView.scenarios.map((e: { status: unknown; visit_id: unknown }) => [e.status, e.visit_id])).toEqual([
      [null, null],
      [null, null],
    ]);
    await server.db.updateTable('playlist_scenarios').set({ status: null, visit_id: null }).where('id', '=', entry).execute();
  });
});

describe('copying a playlist', () => {
  it("copies a public playlist into a new private one of the caller ('Playlist Copied!'), only with scenarios the caller may see", async () => {
    const source = await create(admin, 'Admin picks', 'Mixed catalogue');
    await add(admin, source, pubB);
    await add(admin, source, pubNorth);
    await add(admin, source, pubA);
    await put(admin, `/api/playlists/${source}`, { name: 'Admin picks', public: true });
    // The learner sees only what they may open.
    const viewed = await shown(learner, source);
    expect(titles(viewed)).toEqual(['Headache', 'Chest Pain']);
    expect(viewed.scenario_count).toBe(2);

    const res = await learner.post(`/api/playlists/${source}/copy`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe('Playlist Copied!');
    expect(body.playlist_id).not.toBe(source);
    expect(body.playlist).toMatchObject({
      id: body.playlist_id,
      user_id: await userId('learner@demo.test'),
      name: 'Admin picks',
      description: 'Mixed catalogue',
      public: 0,
    });
    expect(titles(body.playlist)).toEqual(['Headache', 'Chest Pain']);
    expect(body.playlist.scenarios.every((e: { status: unknown; visit_id: unknown }) => e.status === null && e.visit_id === null)).toBe(
      true,
    );
    const mine = (await json(await learner.get('/api/my-playlists'))).playlists;
    expect(mine.map((p: { id: number }) => p.id)).toContain(body.playlist_id);
    // The copy is the learner's own: they may change it; the source stays as it was.
    await add(learner, body.playlist_id, pubC);
    expect(titles(await shown(admin, source))).toEqual(['Headache', 'Northfield Only', 'Chest Pain']);
    // The copy is private: nobody else sees it.
    expect((await show(observer, body.playlist_id)).status).toBe(404);
  });
});

describe('scenarios that become invisible later', () => {
  it('are left out of what that viewer sees, kept for those who still may see them, and keep their place', async () => {
    const id = await create(learner, 'Changing catalogue');
    await add(learner, id, pubA);
    await add(learner, id, pubB);
    const full = await add(learner, id, pubC);
    const [a, , c] = full.scenarios.map((e: { id: number }) => e.id);
    await put(learner, `/api/playlists/${id}`, { name: 'Changing catalogue', public: true });

    await setStatus(pubB, 6); // archived: learners and observers may no longer open it
    try {
      const mine = (await json(await learner.get('/api/my-playlists'))).playlists.find((p: { id: number }) => p.id === id);
      expect(titles(mine)).toEqual(['Chest Pain', 'Back Pain']);
      expect(mine.scenario_count).toBe(2);
      expect(titles(await shown(observer, id))).toEqual(['Chest Pain', 'Back Pain']);
      const listed = (await json(await observer.get('/api/playlists'))).playlists.find((p: { id: number }) => p.id === id);
      expect(listed.scenario_count).toBe(2);
      // An admin may still open archived scenarios, so sees all three.
      expect(titles(await shown(admin, id))).toEqual(['Chest Pain', 'Headache', 'Back Pain']);
      // The owner reorders what they see; the hidden entry keeps its place.
      expect((await learner.post(`/api/playlists/${id}/reorder`, { order: [c, a] })).status).toBe(200);
      // A copy leaves the hidden scenario out.
      const copy = await json(await observer.post(`/api/playlists/${id}/copy`));
      expect(titles(copy.playlist)).toEqual(['Back Pain', 'Chest Pain']);
    } finally {
      await setStatus(pubB, 5);
    }
    expect(titles(await shown(learner, id))).toEqual(['Back Pain', 'Headache', 'Chest Pain']);
  });

  it('leaves deleted scenarios out for everyone', async () => {
    const gone = await insertScenario({ title: 'Soon Deleted', patient: 'Gil Gone', status: 5, partners: [1] });
    const id = await create(learner, 'With a deleted one');
    await add(learner, id, gone);
    await add(learner, id, pubA);
    await server.db
      .updateTable('scenarios')
      .set({ _deleted: true } as never)
      .where('id', '=', String(gone))
      .execute();
    expect(titles(await shown(learner, id))).toEqual(['Chest Pain']);
    const listed = (await json(await learner.get('/api/playlists'))).playlists.find((p: { id: number }) => p.id === id);
    expect(listed.scenario_count).toBe(1);
  });
});
