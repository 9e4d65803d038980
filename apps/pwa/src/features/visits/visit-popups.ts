import { POPUP_BLOCKED, scenarioPopupPath } from '../scenarios/scenario-popup';
import { notify } from '../shell/notifications';

/** The pop-up pages opened from a visit, with the sizes of spec 002 §2.2 and §9. */
export type VisitPopupKind = 'print-feedback' | 'share' | 'zoom-message';

export const VISIT_POPUP_SIZES: Record<VisitPopupKind, { width: number; height: number }> = {
  'print-feedback': { width: 1400, height: 800 },
  share: { width: 700, height: 800 },
  'zoom-message': { width: 700, height: 800 },
};

/** Opens /scenarios/{id}/{kind} in its own window (the same window per kind and scenario); false when blocked. */
export function openVisitPopup(kind: VisitPopupKind, scenarioId: number): boolean {
  const { width, height } = VISIT_POPUP_SIZES[kind];
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const features = `popup=yes,width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
  const opened = window.open(scenarioPopupPath(kind, scenarioId), `visit-${kind}-${scenarioId}`, features);
  if (!opened) {
    notify({ title: POPUP_BLOCKED.title, content: POPUP_BLOCKED.content, icon: 'warning', color: 'yellow' });
    return false;
  }
  opened.opener = null;
  opened.focus();
  return true;
}

/** A meeting or recording address the page may open: http(s) only. */
export function safeExternalUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
