import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadLocalWrites, loadSyncIssues } from '../sync';
import { afterPageSettles } from './after-page-settles';
import type { CookieSettingsDialogProps } from './CookieSettingsDialog';
import { useLogoutPrompt } from './logout-prompt';
import { notificationPanelPart } from './NotificationBell';
import type { SidebarProps } from './Sidebar';
import { userMenuPart } from './UserMenu';

/**
 * The signed-in frame's dialogs (the menu drawer, the logout prompt, cookie settings) are closed when a page
 * opens: their code (Radix's dialog, the sidebar's rules) loads after the first paint (`useFrameLaterParts`), or
 * at once when opened before that, and each mounts the first time it opens and stays mounted after, so closing
 * animates as before (decision 0085). The service worker precaches their chunks as well.
 */
const loadSidebar = () => import('./Sidebar');
const loadLogoutDialog = () => import('./LogoutDialog');
const loadCookieSettings = () => import('./CookieSettingsDialog');
const SidebarPanel = lazy(() => loadSidebar().then((m) => ({ default: m.Sidebar })));
const LogoutPanel = lazy(() => loadLogoutDialog().then((m) => ({ default: m.LogoutDialog })));
const CookieSettingsPanel = lazy(() => loadCookieSettings().then((m) => ({ default: m.CookieSettingsDialog })));

/**
 * Fetches the frame's later parts once the page has shown its content and the browser is idle (`afterPageSettles`):
 * the user menu's and the bell's Radix parts (their plain buttons stand in meanwhile), the dialogs, the conflict banner
 * and the local writes. A tab that goes offline before the service worker controls it (the first visit) still has
 * them, and the logout prompt must open offline.
 */
export function useFrameLaterParts(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    const load = () => {
      const parts = [
        userMenuPart.load,
        notificationPanelPart.load,
        loadSidebar,
        loadLogoutDialog,
        loadCookieSettings,
        loadSyncIssues,
        loadLocalWrites,
      ];
      for (const part of parts) {
        part().catch(() => undefined);
      }
    };
    return afterPageSettles(queryClient, router, load);
  }, [queryClient, router]);
}

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
