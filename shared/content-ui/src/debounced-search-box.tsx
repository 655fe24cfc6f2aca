import { useEffect, useState } from 'react';
import { Icon } from '@shop/ui-kit';
import { InputAdornment, TextField } from '@shop/ui-kit/lazy';

/** How long typing must pause before the list is searched, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box (dashboard tables): shows what is typed at once and calls `onSearch`
 * once typing pauses for {@link SEARCH_DEBOUNCE_MS}; follows `value` when the URL changes
 * (back button).
 * @param value the search in the URL (`q`)
 * @param label, placeholder Persian texts of the field
 */
export function DebouncedSearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // onSearch is left out on purpose: it is a new function on every render of the page.
  }, [text, value]);
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      placeholder={placeholder}
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
