import { bannerColorRequestSchema, LANDING_MESSAGES as M } from '@simvisit/schema';
import { Button } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
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
  const set = useApiForm({
    schema: bannerColorRequestSchema,
    defaultValues: { header_color: `#${colour ?? 'ffffff'}` },
    submit: async (body) => {
      clear.reset();
      notifySuccess((await setColor(body.header_color)).message);
    },
    onError: (_failure, error) => notifyFailure(M.bannerColorError, error),
  });
  // Clear is a single button that calls at once (decision 0037), not a form.
  const clear = useMutation({
    mutationFn: clearColor,
    onMutate: () => set.reset(),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyFailure(M.bannerColorClearError, error),
  });
  const busy = set.submitting || clear.isPending;
  const { error, ...colorInput } = set.field('header_color', `${ids}-color`);
  const problem = error ?? set.failure ?? (clear.error ? errorMessage(clear.error) : null);
  return (
    <form {...set.formProps} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={colorInput.id} className="block text-sm font-medium text-slate-700">
            Banner Color
          </label>
          <input
            {...colorInput}
            type="color"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${ids}-current${problem ? ` ${ids}-error` : ''}`}
            className="h-10 w-20 cursor-pointer rounded border border-slate-300 bg-white p-1"
          />
        </div>
        <Button type="submit" disabled={busy}>
          Set Banner Color
        </Button>
        <Button variant="secondary" disabled={busy || colour === null} onClick={() => clear.mutate()}>
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
