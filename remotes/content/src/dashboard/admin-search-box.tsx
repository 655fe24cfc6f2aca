import { useEffect, useState } from 'react';
import { Icon } from '@shop/ui-kit';
import { InputAdornment, TextField } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** How long typing must pause before the list is searched, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A search box that shows what is typed at once and calls `onSearch` once typing pauses; follows `value` (back button). */
export function AdminSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // onSearch is a new function on every render of the page; the text is what matters.
  }, [text, value]);
  return (
    <TextField
      type="search"
      size="small"
      label={t.dashboard.search}
      placeholder={t.dashboard.searchPlaceholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Icon name="Search" fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
