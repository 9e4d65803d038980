import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A control of the signed-in frame whose code (Radix's menu or popover, Floating UI) loads after the first paint
 * (decision 0085, third pass): until then the frame draws a plain button of the same size and name in its place.
 * `load` fetches the module once (again after a failure); `loaded` is the module once it is there.
 */
export interface LaterPart<T> {
  load: () => Promise<T>;
  loaded: () => T | null;
  /** Settles when the module has loaded, whoever asked for it. */
  whenLoaded: Promise<T>;
}

export function laterPart<T>(importer: () => Promise<T>): LaterPart<T> {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  let settle: (value: T) => void = () => undefined;
  const whenLoaded = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return {
    load: () => {
      pending ??= importer().then(
        (loadedModule) => {
          module = loadedModule;
          settle(loadedModule);
          return loadedModule;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
    whenLoaded,
  };
}

export interface LaterControl<T> {
  /** The control's module, or null while the plain button stands in. */
  module: T | null;
  /** The person pressed the plain button: load now, and open the control once it is there. */
  openWhenLoaded: () => void;
  /** True when the control is to open as it replaces the plain button (it was pressed meanwhile). */
  openOnArrival: boolean;
  /** True when the plain button had the focus as the control replaced it: the control's trigger takes it. */
  focusOnArrival: boolean;
  /** The plain button, to hand its focus on. */
  standInRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The frame's later control: the plain button until the module arrives (the frame asks for it when the browser is
 * idle, `useFrameLaterParts`, or at once when the button is pressed). Focus and a press made meanwhile carry over.
 */
export function useLaterControl<T>(part: LaterPart<T>): LaterControl<T> {
  const [module, setModule] = useState<T | null>(part.loaded);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const focusOnArrival = useRef(false);
  const standInRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (module) return;
    let live = true;
    void part.whenLoaded.then((loadedModule) => {
      if (!live) return;
      focusOnArrival.current = standInRef.current !== null && document.activeElement === standInRef.current;
      setModule(() => loadedModule);
    });
    return () => {
      live = false;
    };
  }, [part, module]);
  return {
    module,
    openWhenLoaded: () => {
      setOpenOnArrival(true);
      // Offline before the service worker holds the chunk: the press does nothing, as a control that cannot open.
      part.load().catch(() => setOpenOnArrival(false));
    },
    openOnArrival,
    focusOnArrival: focusOnArrival.current,
    standInRef,
  };
}
