import {
  ROLE_FILTER_ALL,
  ROLE_FILTER_SUPER_ADMINS,
  ROLE_NAMES,
  USER_LIST_PAGE_SIZE,
  USER_MANAGEMENT_MESSAGES,
  type UserListItem,
  userListRequestSchema,
} from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, SearchBox, SelectField, useSearchDraft } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useIsSuperAdmin } from './permissions';
import { useUserList } from './queries';
import { UserAvatar } from './UserAvatar';

/** The list's filters as they stand in the address (?role=2&email=pat&page=2), so Back and reload keep them. */
export interface UserListSearch {
  role?: string;
  email?: string;
  page?: string;
}

const roleSchema = userListRequestSchema.shape.role_id;

function roleOptions(superAdmin: boolean) {
  const options = [{ value: String(ROLE_FILTER_ALL), label: 'All' }];
  for (const [id, name] of Object.entries(ROLE_NAMES)) if (Number(id) !== 0) options.push({ value: id, label: name });
  if (superAdmin) options.push({ value: String(ROLE_FILTER_SUPER_ADMINS), label: 'Super Admins' });
  return options;
}

function readFilter(search: UserListSearch, superAdmin: boolean) {
  const role = roleSchema.safeParse(search.role ?? ROLE_FILTER_ALL);
  let roleId = role.success ? role.data : ROLE_FILTER_ALL;
  // Only super admins may list super admins (the server refuses the others).
  if (roleId === ROLE_FILTER_SUPER_ADMINS && !superAdmin) roleId = ROLE_FILTER_ALL;
  const page = Math.max(1, Math.floor(Number(search.page)) || 1);
  return { roleId, email: (search.email ?? '').trim(), page };
}

const columns = defineColumns<UserListItem>([
  {
    id: 'user',
    header: 'User',
    value: (u) => u.name,
    // One link a user, named by both name and email, as the cards were: it opens the user's detail.
    cell: (u) => (
      <Link
        to="/management/user/$user_id"
        params={{ user_id: String(u.id) }}
        className="flex items-center gap-4 rounded-md hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <UserAvatar name={u.name} image={u.image_location} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{u.name}</span>
          <span className="block truncate text-sm text-slate-600">{u.email}</span>
        </span>
      </Link>
    ),
  },
]);

export interface UserListPageProps {
  search: UserListSearch;
  onSearchChange: (next: UserListSearch) => void;
}

/** User Management (spec 000 §2.14): filter by role, search by email, the users as a table, 20 a page. */
export function UserListPage({ search, onSearchChange }: UserListPageProps) {
  useDocumentTitle('User Management');
  const superAdmin = useIsSuperAdmin();
  const filter = readFilter(search, superAdmin);
  const [draft, setDraft] = useSearchDraft(filter.email);
  const roleId = useId();
  const list = useUserList(filter);

  const apply = (next: { roleId?: number; email?: string; page?: number }) => {
    const role = next.roleId ?? filter.roleId;
    const email = (next.email ?? filter.email).trim();
    const page = next.page ?? 1;
    onSearchChange({
      role: role === ROLE_FILTER_ALL ? undefined : String(role),
      email: email || undefined,
      page: page > 1 ? String(page) : undefined,
    });
  };

  function resetFilters() {
    setDraft('');
    onSearchChange({});
  }

  const total = list.data?.total ?? 0;
  return (
    <AdminPage
      title="User Management"
      actions={
        <Button variant="secondary" onClick={resetFilters}>
          Reset Filters
        </Button>
      }
      filters={
        <div className="grid gap-4 sm:grid-cols-[minmax(12rem,16rem)_1fr]">
          <SelectField
            id={roleId}
            label="Role"
            options={roleOptions(superAdmin)}
            value={String(filter.roleId)}
            onChange={(e) => apply({ roleId: Number(e.target.value), email: draft })}
          />
          <SearchBox
            label="Search by Email"
            landmark="User search"
            value={draft}
            onChange={setDraft}
            onSubmit={(email) => apply({ email })}
            placeholder="name@example.com"
          />
        </div>
      }
    >
      <section aria-label="Users">
        <DataTable
          caption="Users"
          columns={columns}
          {...tableRows(list, (data) => data.users, USER_MANAGEMENT_MESSAGES.loadError)}
          getRowId={(u) => u.id}
          loadingLabel="Loading users"
          empty={USER_MANAGEMENT_MESSAGES.noUsers}
          paging={{
            page: filter.page,
            pageCount: Math.ceil(total / USER_LIST_PAGE_SIZE),
            onPageChange: (page) => apply({ page }),
            label: 'User list pages',
            summary: total > USER_LIST_PAGE_SIZE ? `Total of ${total} users` : undefined,
          }}
        />
      </section>
    </AdminPage>
  );
}
