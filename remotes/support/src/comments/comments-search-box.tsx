import { useEffect, useState } from 'react';
import { Icon } from '@shop/ui-kit';
import { InputAdornment, TextField } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** How long typing must pause before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The moderation list's search box: shows what is typed at once and searches (`onSearch`) once
 * typing pauses for {@link SEARCH_DEBOUNCE_MS}; follows `value` when the URL changes (back button).
 */
export function CommentsSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
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
      label={t.comments.search}
      placeholder={t.comments.searchPlaceholder}
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
