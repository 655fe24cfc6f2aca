import type { ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { COLOR_MODE_STORAGE_KEY, DEFAULT_COLOR_MODE, theme } from './theme';

/** Emotion cache that flips styles for right-to-left (DESIGN.md "Persian and right-to-left"). */
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

/** Toast settings of SPEC §9 (the Persian/dashboard reading): top-right, 5500 ms, 5 at once. */
export const TOAST_SETTINGS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  autoHideDuration: 5500,
  maxSnack: 5,
} as const;

/**
 * Everything a React tree of this site needs to look right: RTL emotion cache, the theme
 * with its light/dark/system modes (stored under {@link COLOR_MODE_STORAGE_KEY}), baseline
 * CSS and the notistack provider.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={rtlCache}>
      <ThemeProvider
        theme={theme}
        defaultMode={DEFAULT_COLOR_MODE}
        modeStorageKey={COLOR_MODE_STORAGE_KEY}
        disableTransitionOnChange
      >
        <CssBaseline enableColorScheme />
        <SnackbarProvider {...TOAST_SETTINGS} dense={false} preventDuplicate>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
