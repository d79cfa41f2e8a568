import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { call } from '../api/client.ts';

type UserOption = { username: string; name?: string };

/**
 * Username input with suggestions from `user/allUser`; `exclude` hides users who are already
 * members (spec §5). The value is the typed or picked username.
 */
export function UserPicker({
  inputId,
  value,
  onChange,
  exclude,
  placeholder,
}: {
  inputId: string;
  value: string;
  onChange: (username: string) => void;
  exclude: Iterable<string>;
  placeholder?: string;
}) {
  const [suggestions, setSuggestions] = useState<UserOption[]>([]);
  const search = async (query: string) => {
    const taken = new Set(exclude);
    const found = await call('user/allUser', { username: query }).catch(() => []);
    setSuggestions(found.filter((u) => !taken.has(u.username)));
  };
  return (
    <AutoComplete
      inputId={inputId}
      value={value}
      suggestions={suggestions}
      field="username"
      completeMethod={(e) => void search(e.query)}
      onChange={(e) => onChange(typeof e.value === 'string' ? e.value : ((e.value as UserOption | null)?.username ?? ''))}
      itemTemplate={(u: UserOption) => (
        <span>
          {u.username}
          {u.name && u.name !== u.username ? <span className="folio-muted"> · {u.name}</span> : null}
        </span>
      )}
      placeholder={placeholder}
    />
  );
}
