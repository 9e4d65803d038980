import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './Modal';

const LoadedModal = lazy(() => import('./Modal').then((m) => ({ default: m.Modal })));

/**
 * A Modal whose code (Radix's dialog with its focus trap and scroll lock, about 15 KB gzip) loads the first time it
 * opens, for a page that seldom opens it: the page's first JavaScript leaves it out (decision 0085). Closed and never
 * opened it draws nothing, as a closed Modal does; once opened it stays mounted, so closing animates as before.
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal {...props} />
    </Suspense>
  );
}
