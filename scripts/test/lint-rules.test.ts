import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * The lint's boundaries proved on deliberate violations: the repository's own biome.json is copied into a
 * scratch tree shaped like the server (apps/sync-server/src/features, platform) or the PWA (apps/pwa/src/features,
 * platform, lib), Biome runs there, and each rule must fail the run. A rule that stopped matching (a renamed folder, a broken pattern) fails this test.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const biome = path.join(root, 'node_modules/.bin/biome');
let scratch: string | null = null;

function tree(files: Record<string, string>): string {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-lint-'));
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  fs.writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), text);
  }
  return scratch;
}

function lint(dir: string): { status: number | null; output: string } {
  const run = spawnSync(biome, ['lint', '--max-diagnostics=200', '.'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

const SRC = 'apps/sync-server/src';
const PWA = 'apps/pwa/src';

describe('lint boundaries (issue 10 item 5)', () => {
  it('passes a tree that keeps the rules', () => {
    const dir = tree({
      [`${SRC}/features/a/index.ts`]: "export { a } from './a.service';\n",
      [`${SRC}/features/a/a.service.ts`]:
        "import { b } from '../b';\nimport { audit } from '../../platform/audit';\nexport const a = () => [b(), audit()];\n",
      [`${SRC}/features/b/index.ts`]: "export { b } from './b.repository';\n",
      [`${SRC}/features/b/b.repository.ts`]: 'export const b = () => 1;\n',
      [`${SRC}/platform/audit/index.ts`]: "export { audit } from './audit.service';\n",
      [`${SRC}/platform/audit/audit.service.ts`]: 'export const audit = () => 2;\n',
      [`${SRC}/app.ts`]: "import { a } from './features/a';\nexport const app = a;\n",
    });
    const result = lint(dir);
    expect(result.output).not.toMatch(/noRestrictedImports|noImportCycles/);
    expect(result.status).toBe(0);
  });

  it("fails on a feature importing another feature's repository", () => {
    const dir = tree({
      [`${SRC}/features/a/a.service.ts`]: "import { b } from '../b/b.repository';\nexport const a = () => b();\n",
      [`${SRC}/features/b/b.repository.ts`]: 'export const b = () => 1;\n',
    });
    const result = lint(dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('lint/style/noRestrictedImports');
  });

  it("fails on a feature reaching into a platform module's files, and on the app doing so", () => {
    const dir = tree({
      [`${SRC}/features/a/a.service.ts`]: "import { audit } from '../../platform/audit/audit.service';\nexport const a = () => audit();\n",
      [`${SRC}/platform/audit/audit.service.ts`]: 'export const audit = () => 2;\n',
      [`${SRC}/app.ts`]: "import { a } from './features/a/a.service';\nexport const app = a;\n",
    });
    const result = lint(dir);
    expect(result.status).not.toBe(0);
    expect(result.output.match(/lint\/style\/noRestrictedImports/g)?.length).toBe(2);
  });

  it('fails on an import cycle, even one made only of type imports', () => {
    const dir = tree({
      'packages/x/src/a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'packages/x/src/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    const result = lint(dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('lint/suspicious/noImportCycles');
  });

  it('passes a PWA tree that keeps the rules', () => {
    const dir = tree({
      [`${PWA}/features/a/index.ts`]: "export { aRoutes } from './a-routes';\n",
      [`${PWA}/features/a/a-routes.ts`]:
        "import { b } from '../b';\nimport { notify } from '../../platform/notices';\nimport { api } from '../../lib/api';\nexport const aRoutes = [b(), notify(), api()];\n",
      [`${PWA}/features/b/index.ts`]: "export { b } from './b-api';\n",
      [`${PWA}/features/b/b-api.ts`]: 'export const b = () => 1;\n',
      [`${PWA}/platform/notices/index.ts`]: "export { notify } from './notifications';\n",
      [`${PWA}/platform/notices/notifications.ts`]: "import { api } from '../../lib/api';\nexport const notify = () => api();\n",
      [`${PWA}/platform/shell/Shell.tsx`]: "import { notify } from '../notices';\nexport const Shell = () => notify();\n",
      [`${PWA}/lib/api.ts`]: 'export const api = () => 2;\n',
      [`${PWA}/router.tsx`]:
        "import { aRoutes } from './features/a';\nimport { Shell } from './platform/shell/index';\nexport const tree = [aRoutes, Shell];\n",
    });
    const result = lint(dir);
    expect(result.output).not.toMatch(/noRestrictedImports|noImportCycles/);
    expect(result.status).toBe(0);
  });

  it("fails on a PWA feature reaching into another feature's or a platform module's files, or into the router", () => {
    const dir = tree({
      [`${PWA}/features/a/Page.tsx`]:
        "import { b } from '../b/b-api';\nimport { notify } from '../../platform/notices/notifications';\nimport { tree } from '../../router';\nexport const Page = () => [b(), notify(), tree];\n",
      [`${PWA}/features/b/b-api.ts`]: 'export const b = () => 1;\n',
      [`${PWA}/platform/notices/notifications.ts`]: 'export const notify = () => 2;\n',
      [`${PWA}/router.tsx`]: "import { b } from './features/b/b-api';\nexport const tree = b;\n",
    });
    const result = lint(dir);
    expect(result.status).not.toBe(0);
    expect(result.output.match(/lint\/style\/noRestrictedImports/g)?.length).toBe(4);
  });

  it("fails on a PWA platform module importing a feature or another module's files, and on lib importing either", () => {
    const dir = tree({
      [`${PWA}/platform/shell/SubHeader.tsx`]:
        "import { RoleSwitcher } from '../../features/dashboard';\nimport { store } from '../sync/store';\nexport const SubHeader = () => [RoleSwitcher, store];\n",
      [`${PWA}/features/dashboard/index.ts`]: 'export const RoleSwitcher = 1;\n',
      [`${PWA}/platform/sync/store.ts`]: 'export const store = 1;\n',
      [`${PWA}/lib/api.ts`]: "import { store } from '../platform/sync';\nexport const api = store;\n",
      [`${PWA}/platform/sync/index.ts`]: "export { store } from './store';\n",
    });
    const result = lint(dir);
    expect(result.status).not.toBe(0);
    expect(result.output.match(/lint\/style\/noRestrictedImports/g)?.length).toBe(3);
  });
});
