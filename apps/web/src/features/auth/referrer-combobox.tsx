import { REFERRER_DEBOUNCE_MS, USER_SEARCH_MIN } from '@drape/contracts';
import { cn, Field, Input } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTRPC } from '../../lib/trpc';

export interface Referrer {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
}

export function referrerLabel(r: Referrer): string {
  return `${r.firstName} ${r.lastName} (@${r.username})`;
}

export interface ReferrerFieldProps {
  id: string;
  value: string;
  onValueChange(value: string): void;
  /** The chosen friend's id, or null when the text no longer names a chosen friend. */
  onReferrerChange(id: string | null): void;
  error?: string;
}

/**
 * "Referred by a friend?" (user-area §4): a search debounced 300 ms from 2 characters, a listbox
 * of suggestions, and picking one fills 'First Last (@username)' and keeps the friend's id.
 */
export function ReferrerField({ id, value, onValueChange, onReferrerChange, error }: ReferrerFieldProps) {
  const trpc = useTRPC();
  const listId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebouncedValue(value.trim(), REFERRER_DEBOUNCE_MS);
  const searching = term.length >= USER_SEARCH_MIN && term !== picked;
  const results = useQuery(trpc.auth.searchUsers.queryOptions({ q: term }, { enabled: searching, staleTime: 30_000 }));
  const users = searching ? (results.data?.users ?? []) : [];

  const open = users.length > 0 && !dismissed;
  const setOpen = (next: boolean) => setDismissed(!next);

  // A new search term brings the suggestions back and clears the keyboard highlight.
  useEffect(() => {
    setDismissed(false);
    setActive(-1);
  }, [term]);

  function choose(user: Referrer) {
    const label = referrerLabel(user);
    setPicked(label);
    onValueChange(label);
    onReferrerChange(user.id);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || users.length === 0) {
      if (event.key === 'ArrowDown' && users.length > 0) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % users.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? users.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const user = users[active];
      if (user) choose(user);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  }

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <Field id={id} label="Referred by a friend?" aside="Optional" hint="Search by name or username" error={error}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            value={value}
            placeholder="Your friend's name"
            onChange={(e) => {
              onValueChange(e.target.value);
              if (picked !== null) {
                setPicked(null);
                onReferrerChange(null);
              }
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onFocus={() => users.length > 0 && setOpen(true)}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Friends"
            hidden={!open}
            className="absolute inset-x-0 top-[calc(100%+6px)] z-30 max-h-64 overflow-y-auto rounded-xl border border-linen bg-paper p-1.5 shadow-lift"
          >
            {users.map((user, i) => (
              <li
                key={user.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(user)}
                className={cn(
                  'flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm',
                  i === active ? 'bg-sand' : 'hover:bg-sand/70',
                )}
              >
                <span className="font-medium text-ink">{user.firstName} {user.lastName}</span>
                <span className="text-xs text-taupe">@{user.username}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Field>
  );
}
