import { lazy, Suspense, useState } from 'react';
import type { CookieSettingsDialogProps } from './CookieSettingsDialog';
import { useLogoutPrompt } from './logout-prompt';
import type { SidebarProps } from './Sidebar';

/**
 * The signed-in frame's dialogs (the menu drawer, the logout prompt, cookie settings) are closed when a page
 * opens: each loads the first time it opens and stays mounted after, so closing animates as before. Their code
 * (Radix's dialog, the sidebar's rules) leaves every signed-in page's first JavaScript (decision 0085); the
 * service worker precaches their chunks, so they open offline too.
 */
const SidebarPanel = lazy(() => import('./Sidebar').then((m) => ({ default: m.Sidebar })));
const LogoutPanel = lazy(() => import('./LogoutDialog').then((m) => ({ default: m.LogoutDialog })));
const CookieSettingsPanel = lazy(() => import('./CookieSettingsDialog').then((m) => ({ default: m.CookieSettingsDialog })));

/** True from the first time `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function Sidebar(props: SidebarProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SidebarPanel {...props} />
    </Suspense>
  );
}

export function LogoutDialog() {
  const { phase } = useLogoutPrompt();
  if (!useOpenedOnce(phase !== 'idle')) return null;
  return (
    <Suspense fallback={null}>
      <LogoutPanel />
    </Suspense>
  );
}

export function CookieSettingsDialog(props: CookieSettingsDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <CookieSettingsPanel {...props} />
    </Suspense>
  );
}
