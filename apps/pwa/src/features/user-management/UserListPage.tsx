import {
  ROLE_FILTER_ALL,
  ROLE_FILTER_SUPER_ADMINS,
  ROLE_NAMES,
  USER_LIST_PAGE_SIZE,
  USER_MANAGEMENT_MESSAGES,
  userListRequestSchema,
} from '@simvisit/schema';
import { Alert, Button, Card, Pager, SearchIcon, SelectField, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
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

export interface UserListPageProps {
  search: UserListSearch;
  onSearchChange: (next: UserListSearch) => void;
}

/** User Management (spec 000 §2.14): filter by role, search by email, two-column cards, 20 a page. */
export function UserListPage({ search, onSearchChange }: UserListPageProps) {
  useDocumentTitle('User Management');
  const superAdmin = useIsSuperAdmin();
  const filter = readFilter(search, superAdmin);
  const [draft, setDraft] = useState(filter.email);
  const ids = useId();
  const emailId = `${ids}-email`;
  const roleId = `${ids}-role`;

  // Back/forward change the address: the search box follows.
  useEffect(() => setDraft(filter.email), [filter.email]);

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

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({ email: draft });
  }

  function resetFilters() {
    setDraft('');
    onSearchChange({});
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">User Management</h1>
        <Button variant="secondary" onClick={resetFilters}>
          Reset Filters
        </Button>
      </div>

      <Card className="p-4 sm:p-5">
        <div className="grid gap-4 sm:grid-cols-[minmax(12rem,16rem)_1fr]">
          <SelectField
            id={roleId}
            label="Role"
            options={roleOptions(superAdmin)}
            value={String(filter.roleId)}
            onChange={(e) => apply({ roleId: Number(e.target.value), email: draft })}
          />
          <search aria-label="User search">
            <form onSubmit={submitSearch} className="space-y-1.5">
              <label htmlFor={emailId} className="block text-sm font-medium text-slate-700">
                Search by Email
              </label>
              <div className="relative">
                <input
                  id={emailId}
                  type="search"
                  autoComplete="off"
                  spellCheck={false}
                  enterKeyHint="search"
                  maxLength={255}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  placeholder="name@example.com"
                  className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-11 pl-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                />
                <button
                  type="submit"
                  aria-label="Search"
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <SearchIcon />
                </button>
              </div>
            </form>
          </search>
        </div>
      </Card>

      <UserListResults filter={filter} onPageChange={(page) => apply({ page })} />
    </div>
  );
}

function UserListResults({
  filter,
  onPageChange,
}: {
  filter: { roleId: number; email: string; page: number };
  onPageChange: (page: number) => void;
}) {
  const { data, error, isPending, isError, isPlaceholderData } = useUserList(filter);

  if (isError) {
    return (
      <Alert tone="danger" role="alert">
        <h2 className="text-base font-semibold">{USER_MANAGEMENT_MESSAGES.loadError}</h2>
        <p>{errorMessage(error)}</p>
      </Alert>
    );
  }
  if (isPending) return <Spinner label="Loading users" />;
  if (data.users.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
        {USER_MANAGEMENT_MESSAGES.noUsers}
      </p>
    );
  }
  const pageCount = Math.ceil(data.total / USER_LIST_PAGE_SIZE);
  return (
    <section aria-label="Users" aria-busy={isPlaceholderData} className="space-y-4">
      <ul className={`grid gap-3 sm:grid-cols-2 ${isPlaceholderData ? 'opacity-60' : ''}`}>
        {data.users.map((u) => (
          <li key={u.id}>
            <Link
              to="/management/user/$user_id"
              params={{ user_id: String(u.id) }}
              className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <UserAvatar name={u.name} image={u.image_location} />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{u.name}</span>
                <span className="block truncate text-sm text-slate-600">{u.email}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {data.total > USER_LIST_PAGE_SIZE ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">Total of {data.total} users</p>
          <Pager page={filter.page} pageCount={pageCount} onPageChange={onPageChange} label="User list pages" />
        </div>
      ) : null}
    </section>
  );
}
