import { USER_SEARCH_MIN } from '@drape/contracts/auth';
import { cn, Input, type FieldControlProps } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTRPC } from '../../lib/trpc';
import { REFERRER_DEBOUNCE_MS } from '../../lib/timing';

export interface Referrer {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
}

export function referrerLabel(r: Referrer): string {
  return `${r.firstName} ${r.lastName} (@${r.username})`;
}

export interface ReferrerComboboxProps extends FieldControlProps {
  /** The chosen friend's id; null while the text names nobody chosen. */
  value: string | null | undefined;
  onChange(id: string | null): void;
  onBlur(): void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  /** A friend already known (the referral link's member): chosen once it arrives, unless the field was used. */
  initialReferrer?: Referrer | null;
}

/**
 * "Referred by a friend?" (user-area §4): a search debounced 300 ms from 2 characters, a listbox
 * of suggestions, and picking one fills 'First Last (@username)' and keeps the friend's id.
 */
export function ReferrerCombobox({ value: chosenId, onChange, onBlur, initialReferrer, ...control }: ReferrerComboboxProps) {
  const trpc = useTRPC();
  const listId = useId();
  const [text, setText] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebouncedValue(text.trim(), REFERRER_DEBOUNCE_MS);
  // Once a friend is chosen the text is their label: nothing to search until it is edited.
  const searching = term.length >= USER_SEARCH_MIN && !chosenId;
  const results = useQuery(trpc.auth.searchUsers.queryOptions({ q: term }, { enabled: searching, staleTime: 30_000 }));
  const users = searching ? (results.data?.users ?? []) : [];

  const open = users.length > 0 && !dismissed;
  const setOpen = (next: boolean) => setDismissed(!next);

  // A new search term brings the suggestions back and clears the keyboard highlight.
  useEffect(() => {
    setDismissed(false);
    setActive(-1);
  }, [term]);

  // The link's member arrives after the first render: chosen once, unless the person typed already.
  const [initialSettled, setInitialSettled] = useState(false);
  useEffect(() => {
    if (!initialReferrer || initialSettled) return;
    setInitialSettled(true);
    if (text || chosenId) return;
    setText(referrerLabel(initialReferrer));
    onChange(initialReferrer.id);
  }, [initialReferrer, initialSettled, text, chosenId, onChange]);

  function choose(user: Referrer) {
    setText(referrerLabel(user));
    onChange(user.id);
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
    <div className="relative">
      <Input
        {...control}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        placeholder="Your friend's name"
        onChange={(e) => {
          setText(e.target.value);
          // Edited text names nobody chosen (and the field's error goes with the edit).
          onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          onBlur();
          setTimeout(() => setOpen(false), 150);
        }}
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
            className={cn('flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm', i === active ? 'bg-sand' : 'hover:bg-sand/70')}
          >
            <span className="font-medium text-ink">{user.firstName} {user.lastName}</span>
            <span className="text-xs text-taupe">@{user.username}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
