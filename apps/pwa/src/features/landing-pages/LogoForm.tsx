import { logoTooLargeOnClient, LANDING_MESSAGES as M } from '@simvisit/schema';
import { Button } from '@simvisit/ui';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';

/** The logo upload (spec 002 §5): a file is required, jpeg, jpg, png or svg, at most 4MB (rounded to whole MB here). */
export function LogoForm({ upload }: { upload: (file: File) => Promise<{ message: string }> }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setProblem(M.logoRequired);
    if (logoTooLargeOnClient(file.size)) return setProblem(M.logoTooLarge);
    setBusy(true);
    setProblem(null);
    try {
      notifySuccess((await upload(file)).message);
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (error) {
      setProblem(isApiError(error) ? (error.fieldError('logo_file') ?? errorMessage(error)) : errorMessage(error));
      notifyFailure(M.logoError, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-2">
      <label htmlFor={`${ids}-logo`} className="block text-sm font-medium text-slate-700">
        Logo file
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${ids}-logo`}
          type="file"
          accept=".jpeg,.jpg,.png,.svg,image/jpeg,image/png,image/svg+xml"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <Button type="submit" disabled={busy}>
          Upload Logo
        </Button>
      </div>
      <p id={`${ids}-hint`} className="text-xs text-slate-500">
        JPEG, PNG or SVG, max 4MB; shown 60 px high.
      </p>
      {problem ? (
        <p id={`${ids}-error`} className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
