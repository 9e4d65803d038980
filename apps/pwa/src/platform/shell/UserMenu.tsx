import type { KeyboardEvent, PointerEvent } from 'react';
import { laterPart, useLaterControl } from './later-part';
import { USER_MENU_TRIGGER_CLASS, UserMenuFace, type UserMenuProps } from './UserMenuFace';

/** The menu itself (Radix's dropdown, about 10 KB gzip with Floating UI): after the first paint (decision 0085). */
export const userMenuPart = laterPart(() => import('./UserMenuPopup'));

/**
 * My Profile and Log Out. Until the menu's code is there a plain button of the same look and name stands in; a
 * press on it (pointer down, Enter, Space or Arrow Down, as Radix's trigger opens) opens the menu as it arrives.
 */
export function UserMenu({ name, image = null }: UserMenuProps) {
  const control = useLaterControl(userMenuPart);
  const Popup = control.module?.UserMenuPopup;
  if (Popup) {
    return <Popup name={name} image={image} defaultOpen={control.openOnArrival} focusTrigger={control.focusOnArrival} />;
  }
  const onPointerDown = (event: PointerEvent) => {
    if (event.button === 0 && !event.ctrlKey) control.openWhenLoaded();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      control.openWhenLoaded();
    }
  };
  return (
    <button
      ref={control.standInRef}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER_CLASS}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={control.openWhenLoaded}
    >
      <UserMenuFace name={name} image={image} />
    </button>
  );
}
