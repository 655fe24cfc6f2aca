import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Box, Icon, IconButton, styled } from '@shop/ui-kit';
import { useLocation, useNavigate } from '@shop/router';
import { t } from '../strings';

// A native input keeps the header light: the ui kit's TextField lives in its lazy entry
// (InputBase is not exported), and the home page's JavaScript budget counts every header byte.
// No `::placeholder` rule: the ui kit's stylis prefixer crashes on it (the browser's dimmed default is used).
const SearchInput = styled('input')(({ theme }) => ({
  font: 'inherit',
  color: 'inherit',
  background: 'transparent',
  border: 0,
  outline: 0,
  minWidth: 0,
  flexGrow: 1,
  padding: theme.spacing(0.75, 1.5),
  '&::-webkit-search-cancel-button': { display: 'none' },
}));

/**
 * The header's search box (SPEC §1): a compact field on wide screens and an icon that opens
 * it under the header on phones. It submits to `/search?q=…` and shows the current query on
 * that page. No form library: a native, uncontrolled input, so what a reader typed before the
 * header's island hydrated (issue 9) is what is searched.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);

  // On the results page the box shows the query the page shows (also after back/forward).
  useEffect(() => {
    if (pathname === '/search' && input.current) input.current.value = new URLSearchParams(search).get('q') ?? '';
  }, [pathname, search]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = input.current?.value.trim() ?? '';
    if (!q) {
      input.current?.focus();
      return;
    }
    setOpen(false);
    input.current?.blur();
    // Navigate just after the submit event: the router's transition started inside it would make
    // React snapshot the form as FormData for useFormStatus, which nothing here reads (and which
    // the Node FormData of the jsdom test environment cannot build from a form element).
    queueMicrotask(() => navigate(`/search?${new URLSearchParams({ q })}`));
  };

  return (
    <>
      <IconButton
        title={t.search.toggle}
        onClick={() => setOpen((current) => !current)}
        aria-label={t.search.toggle}
        aria-expanded={open}
        aria-controls={inputId}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <Icon name="Search" />
      </IconButton>
      <Box
        component="form"
        role="search"
        aria-label={t.search.label}
        // Before the page's JavaScript runs (a server-rendered page), the browser submits it itself.
        action="/search"
        method="get"
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        sx={{
          display: { xs: open ? 'flex' : 'none', sm: 'flex' },
          alignItems: 'center',
          position: { xs: 'absolute', sm: 'static' },
          top: '100%',
          insetInline: (theme) => theme.spacing(-2),
          zIndex: 1,
          p: { xs: 1, sm: 0 },
          bgcolor: { xs: 'background.paper', sm: 'transparent' },
          borderBottom: { xs: 1, sm: 0 },
          borderColor: 'divider',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexGrow: 1,
            width: { sm: 200, md: 240 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 5,
            bgcolor: 'action.hover',
            transition: 'width 150ms, border-color 150ms',
            '&:focus-within': { borderColor: 'primary.main', width: { md: 300 } },
          }}
        >
          <SearchInput
            ref={input}
            id={inputId}
            type="search"
            name="q"
            placeholder={t.search.placeholder}
            aria-label={t.search.label}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            dir="auto"
          />
          <IconButton type="submit" size="small" aria-label={t.search.submit} sx={{ ml: 0.5 }}>
            <Icon name="Search" fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </>
  );
}
