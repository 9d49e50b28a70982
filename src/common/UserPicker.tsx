import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import type { PickedUser } from '../dataProvider/methods/users';
import { queryKeys } from '../dataProvider/queryKeys';
import { retryUnlessRefused } from '../operations/outcome';
import { FILTER_MIN_WIDTH } from './ScreenFrame';

/** How long typing must pause before the picker asks the server (one call per pause, not per key). */
const TYPING_PAUSE_MS = 250;

function usePaused(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  return settled;
}

/**
 * A user filter that searches on the server as the operator types: the API answers the users whose
 * username starts with the text (20 at most), so a tree of 100,000 players is never loaded whole.
 * `value` is the picked user's id ('' for none); clearing the field picks none.
 */
export function UserPicker<T extends PickedUser = PickedUser>({
  id,
  label,
  path,
  query = {},
  exclude,
  value,
  emptyText,
  onChange,
}: {
  id: string;
  label: string;
  path: string;
  query?: Record<string, string | undefined>;
  /** An id never offered (the operator itself, where the screen lists it apart). */
  exclude?: string | undefined;
  value: string;
  /** What no pick means on this screen (every user, or the operator), shown while the field is empty. */
  emptyText: string;
  onChange: (user: T | null) => void;
}) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const typed = usePaused(text.trim());
  const dataProvider = useDataProvider<TierDataProvider>();
  const found = useQuery({
    queryKey: queryKeys.userPicker(path, query, typed),
    queryFn: () => dataProvider.findUsers<T>(path, { ...query, ...(typed ? { q: typed } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
  // A pick made elsewhere (a link to this screen) shows its id until the list names it.
  const selected: T | null = value === '' ? null : picked?._id === value ? picked : (found.data?.find((u) => u._id === value) ?? null);
  return (
    <Autocomplete
      id={id}
      size="small"
      sx={{ minWidth: FILTER_MIN_WIDTH }}
      options={(found.data ?? []).filter((u) => u._id !== exclude)}
      value={selected}
      // The server has filtered already: every answer is shown as it came.
      filterOptions={(x) => x}
      getOptionLabel={(u) => u.username}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={found.isFetching}
      onInputChange={(_, v, reason) => {
        if (reason !== 'reset') setText(v);
      }}
      onChange={(_, u) => {
        setPicked(u);
        onChange(u);
      }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={emptyText} slotProps={{ inputLabel: { shrink: true } }} />}
    />
  );
}
