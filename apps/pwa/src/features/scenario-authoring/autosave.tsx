import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type DefaultValues, type Path, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { LocalValidationError } from '../../platform/sync';

/**
 * Autosave per field: a change is saved after a short pause in typing (or at once on leaving the field), so
 * nothing is lost when the network or the tab goes away. The page can flush every field before a status
 * change, and shows one saving indicator for all of them.
 */

export const AUTOSAVE_DELAY_MS = 700;

export interface AutosaveRegistry {
  register(flush: () => Promise<void>): () => void;
  flushAll(): Promise<void>;
  began(): void;
  ended(ok: boolean): void;
  /** every field change (the comment panel hides for a moment, spec 001 §2) */
  changed(): void;
}

const AutosaveContext = createContext<AutosaveRegistry | null>(null);

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export function useAutosaveProvider(onChange: () => void) {
  const flushes = useRef(new Set<() => Promise<void>>());
  const inFlight = useRef(0);
  const [state, setState] = useState<SaveState>('idle');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const registry = useMemo<AutosaveRegistry>(
    () => ({
      register(flush) {
        flushes.current.add(flush);
        return () => flushes.current.delete(flush);
      },
      async flushAll() {
        await Promise.all([...flushes.current].map((f) => f()));
      },
      began() {
        inFlight.current += 1;
        setState('saving');
      },
      ended(ok) {
        inFlight.current = Math.max(0, inFlight.current - 1);
        if (!ok) setState('failed');
        else if (inFlight.current === 0) setState((s) => (s === 'failed' ? s : 'saved'));
      },
      changed() {
        onChangeRef.current();
      },
    }),
    [],
  );
  return { registry, state };
}

export function AutosaveScope({ registry, children }: { registry: AutosaveRegistry; children: ReactNode }) {
  return <AutosaveContext.Provider value={registry}>{children}</AutosaveContext.Provider>;
}

function useRegistry(): AutosaveRegistry {
  const registry = useContext(AutosaveContext);
  if (!registry) throw new Error('useAutosave is used outside the scenario page.');
  return registry;
}

export interface Autosave<T> {
  draft: T;
  /** Changes the draft; it is saved after the pause (or at once with `now`). */
  change(next: T, now?: boolean): void;
  /** Saves a pending change at once (on blur). */
  flush(): Promise<void>;
  error: string | null;
}

/**
 * One autosaving field (docs/decisions/0037): react-hook-form holds its draft and the message of its last save,
 * but there is no submit: each change is written on its own after the pause, to the local store (offline first)
 * or the server, and a refusal of that write (a LocalValidationError, a 422) is the field's message until it changes.
 */
export function useAutosave<T>(
  value: T,
  save: (next: T) => Promise<void>,
  options: { equals?: (a: T, b: T) => boolean; delay?: number } = {},
): Autosave<T> {
  const registry = useRegistry();
  const equals = options.equals ?? Object.is;
  const delay = options.delay ?? AUTOSAVE_DELAY_MS;
  const form = useForm<{ draft: T }>({ defaultValues: { draft: value } as DefaultValues<{ draft: T }> });
  const draft = form.watch('draft' as Path<{ draft: T }>) as T;
  const error = (form.formState.errors.draft as { message?: string } | undefined)?.message ?? null;
  const dirty = useRef(false);
  const latest = useRef({ draft: value, value, save, equals });
  latest.current = { ...latest.current, value, save, equals };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void>>(Promise.resolve());

  // The stored value changed (this person's save, replication, another tab): shown unless a change is typed.
  useEffect(() => {
    if (dirty.current) return;
    latest.current.draft = value;
    form.setValue('draft' as Path<{ draft: T }>, value as never);
  }, [value, form]);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    if (!dirty.current) return running.current;
    const next = latest.current.draft;
    dirty.current = false;
    if (latest.current.equals(next, latest.current.value)) return running.current;
    // One save at a time per field, in the order typed.
    running.current = running.current.then(async () => {
      registry.began();
      try {
        await latest.current.save(next);
        form.clearErrors('draft' as Path<{ draft: T }>);
        registry.ended(true);
      } catch (e) {
        const message = e instanceof LocalValidationError ? e.message : errorMessage(e);
        form.setError('draft' as Path<{ draft: T }>, { type: 'save', message });
        registry.ended(false);
      }
    });
    return running.current;
  }, [registry, form]);

  useEffect(() => registry.register(flush), [registry, flush]);
  // Leaving the page saves what was typed.
  useEffect(() => () => void flush(), [flush]);

  const change = useCallback(
    (next: T, now = false) => {
      dirty.current = true;
      latest.current.draft = next;
      form.setValue('draft' as Path<{ draft: T }>, next as never);
      form.clearErrors('draft' as Path<{ draft: T }>);
      registry.changed();
      clearTimeout(timer.current);
      if (now) void flush();
      else timer.current = setTimeout(() => void flush(), delay);
    },
    [registry, flush, delay, form],
  );

  return { draft, change, flush, error };
}
