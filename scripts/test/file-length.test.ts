import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * No source file over 400 lines (issue 10 item 6): a long file holds more than one job. Every TypeScript or
 * JavaScript file under apps/<app>/src, packages/<package>/src and scripts counts, except tests (test and tests
 * folders, *.test.* and *.spec.* files); the failure names each file that is too long and its length.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_SOURCE_LINES = 400;

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const TEST_FILE = /\.(test|spec)\.[^.]+$/;
/** Data a script writes (packages/schema/src/store-schemas.generated.ts): nobody reads or edits it as code. */
const GENERATED = /\.generated\.ts$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'tests', '.data']);

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(file: string): number {
  const text = fs.readFileSync(file, 'utf8');
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST_FILE.test(entry.name) && !GENERATED.test(entry.name) ? [full] : [];
  });
}

/** The source trees of a repository: apps/<app>/src, packages/<package>/src and scripts. */
function sourceRoots(repo: string): string[] {
  const workspaces = ['apps', 'packages'].flatMap((group) => {
    const dir = path.join(repo, group);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name, 'src')) : [];
  });
  return [...workspaces, path.join(repo, 'scripts')];
}

/** Every source file of the repository longer than the limit, as 'path (lines)'. */
function overLongFiles(repo: string, max = MAX_SOURCE_LINES): string[] {
  return sourceRoots(repo)
    .flatMap(sourceFiles)
    .map((file) => ({ file: path.relative(repo, file), lines: lineCount(file) }))
    .filter(({ lines }) => lines > max)
    .map(({ file, lines }) => `${file} (${lines} lines)`)
    .sort();
}

let scratch: string | null = null;
afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

function scratchRepo(files: Record<string, number>): string {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-length-'));
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), 'export {};\n'.repeat(lines));
  }
  return scratch;
}

describe('source file length', () => {
  it(`keeps every non-test source file at ${MAX_SOURCE_LINES} lines or fewer`, () => {
    expect(overLongFiles(root)).toEqual([]);
  });

  it('names a source file over the limit in an app, a package or the scripts, and skips tests', () => {
    const repo = scratchRepo({
      'apps/pwa/src/features/x/Page.tsx': 401,
      'apps/pwa/src/features/x/Small.tsx': 400,
      'apps/sync-server/src/features/x/x.service.ts': 500,
      'packages/schema/src/x.ts': 401,
      'scripts/tool.ts': 401,
      'scripts/test/tool.test.ts': 900,
      'apps/sync-server/test/x.test.ts': 900,
      'apps/pwa/src/features/x/Page.test.tsx': 900,
      'tests/e2e/x/x.spec.ts': 900,
    });
    expect(overLongFiles(repo)).toEqual([
      'apps/pwa/src/features/x/Page.tsx (401 lines)',
      'apps/sync-server/src/features/x/x.service.ts (500 lines)',
      'packages/schema/src/x.ts (401 lines)',
      'scripts/tool.ts (401 lines)',
    ]);
  });
});
