import { ChevronDownIcon, ProfileAvatar, UserIcon } from '@simvisit/ui';

export interface UserMenuProps {
  name: string;
  image?: string | null;
}

export const USER_MENU_TRIGGER_CLASS =
  'flex items-center gap-1.5 rounded-full py-1.5 pr-2 pl-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500';

/** What the user menu's button shows: the picture (or an icon) and, from md up, the name. */
export function UserMenuFace({ name, image = null }: UserMenuProps) {
  return (
    <>
      {image ? (
        <ProfileAvatar name={name} image={image} className="size-8 text-xs" />
      ) : (
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <UserIcon className="size-5" />
        </span>
      )}
      <span className="sr-only max-w-[10rem] truncate md:not-sr-only">{name}</span>
      <ChevronDownIcon className="hidden size-4 md:block" />
    </>
  );
}
