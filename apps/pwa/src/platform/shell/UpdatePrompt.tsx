import { Button, RefreshIcon } from '@simvisit/ui';
import { useState } from 'react';
import { applyUpdate, dismissUpdate, useAppUpdate } from '../app-update';
import { useSyncState } from '../sync';

/**
 * "A new version is available": offered only when no writes are pending, so a reload never interrupts a
 * push (DESIGN.md §6). The new version waits until then; it also takes over on the next start anyway.
 */
export function UpdatePrompt() {
  const { needRefresh } = useAppUpdate();
  const { pending } = useSyncState();
  const [reloading, setReloading] = useState(false);
  if (!needRefresh || pending > 0) return null;
  return (
    <div
      role="status"
      data-testid="app-update"
      className="fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] items-start gap-3 rounded-lg border border-brand-200 bg-white p-4 shadow-lg"
    >
      <RefreshIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-slate-900">A new version is available</p>
        <p className="mt-1 text-slate-600">Reload to use it. Your data on this device is kept.</p>
        <div className="mt-3 flex gap-2">
          <Button
            size="sm"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              void applyUpdate();
            }}
          >
            Reload
          </Button>
          <Button size="sm" variant="ghost" onClick={dismissUpdate}>
            Later
          </Button>
        </div>
      </div>
    </div>
  );
}
