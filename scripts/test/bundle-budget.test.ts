import { describe, expect, it } from 'vitest';
import { type BuildManifest, budgetFailures, initialFiles, measurePages } from '../bundle-budget';

// A build as Vite's manifest describes it: the entry imports the shell and React; the login page is in the shell;
// the dashboard is a lazy route chunk with a static import of its own and a dynamic one (the offline store); the
// signed-in frame is a lazy chunk of its own that signed-in pages draw with.
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shell.js', '_react.js'] },
  '_shell.js': {
    file: 'assets/shell.js',
    imports: ['_react.js'],
    dynamicImports: ['src/dashboard.lazy.tsx', 'src/store.ts', 'src/frame.tsx'],
  },
  'src/frame.tsx': { file: 'assets/frame.js', imports: ['_menus.js', '_react.js'], dynamicImports: ['src/store.ts'] },
  '_menus.js': { file: 'assets/menus.js' },
  '_react.js': { file: 'assets/react.js' },
  'src/dashboard.lazy.tsx': { file: 'assets/dashboard.js', imports: ['_cards.js', '_shell.js'], dynamicImports: ['src/store.ts'] },
  '_cards.js': { file: 'assets/cards.js' },
  'src/store.ts': { file: 'assets/store.js', imports: ['_rxdb.js'] },
  '_rxdb.js': { file: 'assets/rxdb.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 1_000,
  'assets/shell.js': 50_000,
  'assets/react.js': 60_000,
  'assets/dashboard.js': 20_000,
  'assets/cards.js': 5_000,
  'assets/store.js': 3_000,
  'assets/rxdb.js': 90_000,
  'assets/frame.js': 7_000,
  'assets/menus.js': 9_000,
};
const gzipSize = (file: string) => sizes[file] ?? Number.NaN;

describe('bundle budget (decision 0085)', () => {
  it("counts the entry's and the route's static imports, never a dynamic import", () => {
    expect(initialFiles(manifest, []).sort()).toEqual(['assets/index.js', 'assets/react.js', 'assets/shell.js']);
    expect(initialFiles(manifest, ['src/dashboard.lazy.tsx']).sort()).toEqual([
      'assets/cards.js',
      'assets/dashboard.js',
      'assets/index.js',
      'assets/react.js',
      'assets/shell.js',
    ]);
  });

  it('adds each lazy chunk a page draws with (the signed-in frame and the route), once each', () => {
    expect(initialFiles(manifest, ['src/frame.tsx', 'src/dashboard.lazy.tsx']).sort()).toEqual([
      'assets/cards.js',
      'assets/dashboard.js',
      'assets/frame.js',
      'assets/index.js',
      'assets/menus.js',
      'assets/react.js',
      'assets/shell.js',
    ]);
    const [dashboard] = measurePages(manifest, gzipSize, [
      { page: 'dashboard', routeModules: ['src/frame.tsx', 'src/dashboard.lazy.tsx'], budgetBytes: 150_000 },
    ]);
    expect(dashboard?.bytes).toBe(152_000);
    expect(budgetFailures(dashboard ? [dashboard] : [])).toEqual([
      'dashboard: 152000 bytes of initial JavaScript (gzip), over its budget of 150000 bytes',
    ]);
  });

  it('passes pages within their budget', () => {
    const measures = measurePages(manifest, gzipSize, [
      { page: '/login', routeModules: [], budgetBytes: 111_000 },
      { page: 'dashboard', routeModules: ['src/dashboard.lazy.tsx'], budgetBytes: 136_000 },
    ]);
    expect(measures.map((m) => m.bytes)).toEqual([111_000, 136_000]);
    expect(budgetFailures(measures)).toEqual([]);
  });

  it('fails an over-budget page, naming the page and its bytes', () => {
    const overBudget: BuildManifest = {
      ...manifest,
      'src/dashboard.lazy.tsx': { ...manifest['src/dashboard.lazy.tsx']!, imports: ['_cards.js', '_rxdb.js'] },
    };
    const measures = measurePages(overBudget, gzipSize, [
      { page: '/login', routeModules: [], budgetBytes: 170_000 },
      { page: 'learner dashboard', routeModules: ['src/dashboard.lazy.tsx'], budgetBytes: 170_000 },
    ]);
    expect(budgetFailures(measures)).toEqual([
      'learner dashboard: 226000 bytes of initial JavaScript (gzip), over its budget of 170000 bytes',
    ]);
  });

  it('refuses a manifest that lacks a chunk a page needs', () => {
    expect(() => initialFiles(manifest, ['src/missing.lazy.tsx'])).toThrow('src/missing.lazy.tsx');
  });
});
