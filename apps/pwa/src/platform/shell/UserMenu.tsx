import { ChevronDownIcon, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger, ProfileAvatar, UserIcon } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';
import { useLogout } from './logout';

export function UserMenu({ name, image = null }: { name: string; image?: string | null }) {
  const logout = useLogout();
  return (
    <Menu>
      <MenuTrigger className="flex items-center gap-1.5 rounded-full py-1.5 pr-2 pl-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500">
        {image ? (
          <ProfileAvatar name={name} image={image} className="size-8 text-xs" />
        ) : (
          <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <UserIcon className="size-5" />
          </span>
        )}
        <span className="sr-only max-w-[10rem] truncate md:not-sr-only">{name}</span>
        <ChevronDownIcon className="hidden size-4 md:block" />
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
