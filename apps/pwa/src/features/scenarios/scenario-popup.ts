import { notify } from '../../platform/notices';

/** The scenario pages that open in their own window from the authoring page (spec 001 §2). */
export type ScenarioPopupKind = 'share' | 'print' | 'print-feedback' | 'zoom-message';

/**
 * Window sizes (CSS pixels; docs/decisions/0019): the share page is a short text to read or copy; the print
 * pages show a letter-size sheet at a readable width; the holding page is a small notice beside the meeting.
 */
export const SCENARIO_POPUP_SIZES: Record<ScenarioPopupKind, { width: number; height: number }> = {
  share: { width: 720, height: 640 },
  print: { width: 900, height: 900 },
  'print-feedback': { width: 900, height: 900 },
  'zoom-message': { width: 480, height: 360 },
};

export const POPUP_BLOCKED = {
  title: 'Pop-up blocked',
  content: 'Allow pop-up windows for this site to open the page.',
} as const;

export function scenarioPopupPath(kind: ScenarioPopupKind, id: number): string {
  return `/scenarios/${id}/${kind}`;
}

/**
 * Opens /scenarios/{id}/{kind} in a pop-up window, centred over this one; the same kind and scenario reuse
 * their window. The new window does not keep a handle on this page. Returns false (and says so) when the
 * browser blocked it. The visit page opens the same pages at the sizes of spec 002 §9.
 */
export function openScenarioPopup(
  kind: ScenarioPopupKind,
  id: number,
  size: { width: number; height: number } = SCENARIO_POPUP_SIZES[kind],
): boolean {
  const { width, height } = size;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const features = `popup=yes,width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
  const opened = window.open(scenarioPopupPath(kind, id), `scenario-${kind}-${id}`, features);
  if (!opened) {
    notify({ title: POPUP_BLOCKED.title, content: POPUP_BLOCKED.content, icon: 'warning', color: 'yellow' });
    return false;
  }
  opened.opener = null;
  opened.focus();
  return true;
}
