import { bannerColorRequestSchema, LANDING_MESSAGES as M } from '@simvisit/schema';
import { Button } from '@simvisit/ui';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';

export interface BannerColorFormProps {
  /** the stored colour, 6 hex digits without '#', or null (transparent) */
  colour: string | null;
  setColor: (hex: string) => Promise<{ message: string }>;
  clearColor: () => Promise<{ message: string }>;
}

/**
 * The banner colour (spec 002 §2.21, §5): a colour picker whose value is sent as 6 hex digits; Clear makes the
 * banner transparent again. The shared schema checks the value as the server does.
 */
export function BannerColorForm({ colour, setColor, clearColor }: BannerColorFormProps) {
  const ids = useId();
  const [picked, setPicked] = useState(`#${colour ?? 'ffffff'}`);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<{ message: string }>, failure: string) {
    setBusy(true);
    setProblem(null);
    try {
      notifySuccess((await action()).message);
    } catch (error) {
      setProblem(isApiError(error) ? (error.fieldError('header_color') ?? errorMessage(error)) : errorMessage(error));
      notifyFailure(failure, error);
    } finally {
      setBusy(false);
    }
  }

  function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = bannerColorRequestSchema.safeParse({ header_color: picked });
    if (!parsed.success) {
      setProblem(M.bannerColorFormat);
      return;
    }
    void run(() => setColor(parsed.data.header_color), M.bannerColorError);
  }

  return (
    <form onSubmit={save} noValidate className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-color`} className="block text-sm font-medium text-slate-700">
            Banner Color
          </label>
          <input
            id={`${ids}-color`}
            type="color"
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
            aria-describedby={`${ids}-current${problem ? ` ${ids}-error` : ''}`}
            className="h-10 w-20 cursor-pointer rounded border border-slate-300 bg-white p-1"
          />
        </div>
        <Button type="submit" disabled={busy}>
          Set Banner Color
        </Button>
        <Button variant="secondary" disabled={busy || colour === null} onClick={() => void run(clearColor, M.bannerColorClearError)}>
          Clear Banner Color
        </Button>
      </div>
      <p id={`${ids}-current`} className="text-sm text-slate-600">
        Current: {colour ? `#${colour}` : 'transparent'}
      </p>
      {problem ? (
        <p id={`${ids}-error`} className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
