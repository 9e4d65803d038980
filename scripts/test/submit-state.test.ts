import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * Forms submit through useApiForm (issue 18 item 2, docs/decisions/0037 and 0063): no file under
 * apps/pwa/src/features keeps its own submit state (a useState named like submitting, saving or busy, or
 * holding the form's problem, failure or errors) or writes its own submit handler (an onSubmit that calls
 * preventDefault and then sends: mutate, mutateAsync, apiCall, apiUploadCall) without useApiForm. The few files
 * that may are listed in decision 0063 under "Own submit state, allowed", and each must still need its place.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FEATURES = 'apps/pwa/src/features';
const DECISION = 'docs/decisions/0063-forms-on-one-hook.md';
const ALLOWED_HEADING = '## Own submit state, allowed';

/** A state variable of a submit: its pending flag or its messages (isSaving, busy, problem, fieldErrors…). */
const SUBMIT_STATE =
  /const\s*\[\s*((?:is)?(?:submitting|saving|sending|uploading|posting|busy|problem|failure|errors|fieldErrors))\s*,\s*\w+\s*\]\s*=\s*(?:React\.)?useState\b/gi;
const USES_FORM_HOOK = /\buseApiForm\s*(?:<[^>]*>)?\s*\(/;
const SENDS = /\.mutate(?:Async)?\(|\bapiCall\(|\bapiUploadCall\(/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** What a file does by hand that useApiForm does, one line per finding. */
function findingsOf(text: string): string[] {
  const found = [...text.matchAll(SUBMIT_STATE)].map((m) => `useState '${m[1]}'`);
  if (/\bonSubmit\s*=/.test(text) && /\.preventDefault\(\)/.test(text) && SENDS.test(text) && !USES_FORM_HOOK.test(text)) {
    found.push('onSubmit with preventDefault that sends without useApiForm');
  }
  return found;
}

/** Every file under the features with hand-rolled submit state, as 'path: finding'. */
function handRolledSubmitState(repo: string, allowed: readonly string[]): string[] {
  return sourceFiles(path.join(repo, FEATURES))
    .map((file) => path.relative(repo, file).split(path.sep).join('/'))
    .filter((file) => !allowed.includes(file))
    .flatMap((file) => findingsOf(fs.readFileSync(path.join(repo, file), 'utf8')).map((finding) => `${file}: ${finding}`))
    .sort();
}

/** The allow-list as decision 0063 records it: the backquoted paths of the bullets under its heading. */
function allowedFiles(decision: string): string[] {
  const section = decision.split(ALLOWED_HEADING)[1]?.split(/\n## /)[0] ?? '';
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1] as string);
}

const ALLOWED = allowedFiles(fs.readFileSync(path.join(root, DECISION), 'utf8'));

let scratch: string | null = null;
afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

function scratchRepo(files: Record<string, string>): string {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'simvisit-forms-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), text);
  }
  return scratch;
}

const HAND_ROLLED_STATE = `export function A() {\n  const [isSubmitting, setSubmitting] = useState(false);\n  const [problem, setProblem] = useState<string | null>(null);\n  return null;\n}\n`;
const HAND_ROLLED_SUBMIT = `export function B() {\n  const save = useSave();\n  function submit(event: FormEvent) {\n    event.preventDefault();\n    save.mutate({ id: 1 });\n  }\n  return <form onSubmit={submit} />;\n}\n`;
const ON_THE_HOOK = `export function C() {\n  const { onSubmit, submitting } = useApiForm<V, T>({ schema, defaultValues, submit });\n  const wrapped = (e: FormEvent) => { e.preventDefault(); void onSubmit(); };\n  return <form onSubmit={wrapped} />;\n}\n`;
const SEARCH_FILTER = `export function D() {\n  const [draft, setDraft] = useState('');\n  return <form onSubmit={(e) => { e.preventDefault(); navigate({ search: { q: draft } }); }} />;\n}\n`;

describe('hand-rolled submit state in the PWA features', () => {
  it('finds none outside the allow-list of decision 0063', () => {
    expect(ALLOWED.length).toBeGreaterThan(0);
    expect(handRolledSubmitState(root, ALLOWED)).toEqual([]);
  });

  it('keeps the allow-list short and true: each file exists and still does what it is allowed to', () => {
    expect(ALLOWED.length).toBeLessThanOrEqual(12);
    for (const file of ALLOWED) {
      expect(file.startsWith(`${FEATURES}/`), file).toBe(true);
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      expect(findingsOf(fs.readFileSync(path.join(root, file), 'utf8')), file).not.toEqual([]);
    }
  });

  it('refuses a deliberate violation of each kind, and passes forms on useApiForm and search filters', () => {
    const repo = scratchRepo({
      [`${FEATURES}/a/A.tsx`]: HAND_ROLLED_STATE,
      [`${FEATURES}/b/B.tsx`]: HAND_ROLLED_SUBMIT,
      [`${FEATURES}/c/C.tsx`]: ON_THE_HOOK,
      [`${FEATURES}/d/D.tsx`]: SEARCH_FILTER,
      [`${FEATURES}/e/E.tsx`]: HAND_ROLLED_STATE,
      'apps/pwa/src/lib/outside.tsx': HAND_ROLLED_STATE,
    });
    expect(handRolledSubmitState(repo, [`${FEATURES}/e/E.tsx`])).toEqual([
      `${FEATURES}/a/A.tsx: useState 'isSubmitting'`,
      `${FEATURES}/a/A.tsx: useState 'problem'`,
      `${FEATURES}/b/B.tsx: onSubmit with preventDefault that sends without useApiForm`,
    ]);
  });
});
