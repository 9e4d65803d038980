import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@simvisit/ui';
import { useEffect, useRef } from 'react';
import { AppLink } from '../../lib/app-link';
import { useLogout } from './logout';
import { USER_MENU_TRIGGER_CLASS, UserMenuFace, type UserMenuProps } from './UserMenuFace';

export interface UserMenuPopupProps extends UserMenuProps {
  /** Pressed before this code arrived: open at once. */
  defaultOpen: boolean;
  /** The stand-in button had the focus: this trigger takes it. */
  focusTrigger: boolean;
}

/** The user menu with Radix's dropdown (loaded after the first paint, `UserMenu`). */
export function UserMenuPopup({ name, image, defaultOpen, focusTrigger }: UserMenuPopupProps) {
  const logout = useLogout();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
  }, [focusTrigger, defaultOpen]);
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger ref={trigger} className={USER_MENU_TRIGGER_CLASS}>
        <UserMenuFace name={name} image={image} />
      </MenuTrigger>
      <MenuContent>
        <MenuItem asChild>
          <AppLink to="/profile">My Profile</AppLink>
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => void logout()}>Log Out</MenuItem>
      </MenuContent>
    </Menu>
  );
}
