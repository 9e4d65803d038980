import { type FormEvent, useEffect, useId, useState } from 'react';
import { SearchIcon } from './icons';

/**
 * The text a search box shows: it follows the searched value when that changes from outside (Back, a reset)
 * and is the user's own while they type.
 */
export function useSearchDraft(value: string) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return [draft, setDraft] as const;
}

export interface SearchBoxProps {
  /** The field's label ("Search by Email"). */
  label: string;
  /** Names the search landmark ("User search"). */
  landmark: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter or the search button: the text as typed. */
  onSubmit: (value: string) => void;
  placeholder?: string;
}

/** A search form of an admin list: one field whose search runs on Enter or with the icon button inside it. */
export function SearchBox({ label, landmark, value, onChange, onSubmit, placeholder }: SearchBoxProps) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(value);
  }
  return (
    <search aria-label={landmark}>
      <form onSubmit={submit} className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="relative">
          <input
            id={id}
            type="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={255}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={placeholder}
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
  );
}
