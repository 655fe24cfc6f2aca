import type { ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { COLOR_MODE_STORAGE_KEY, DEFAULT_COLOR_MODE, theme } from './theme';

/**
 * One array for every cache: on the server, emotion keeps each style's stylis output per plugin
 * array (by identity), so the caches of later renders reuse it; a new array per render ran stylis
 * and the RTL flip again for every style of every page (issue 10 "Load and faults": about a fifth
 * of a page render's CPU).
 */
const STYLIS_PLUGINS = [prefixer, rtlPlugin];

/**
 * A new emotion cache that flips styles for right-to-left (DESIGN.md "Persian and right-to-left").
 * The server makes one per render, so every page carries all the styles it uses (issue 9); in
 * the browser the one cache adopts the styles the server sent.
 */
export function createRtlCache(): EmotionCache {
  return createCache({ key: 'muirtl', stylisPlugins: STYLIS_PLUGINS });
}

let browserCache: EmotionCache | undefined;

/** The theme's CSS variables of every colour scheme, as global style objects. */
const cssVariableSheets = theme.generateStyleSheets();

/**
 * Toast settings of SPEC §9 (the Persian/dashboard reading): 5500 ms, 5 at once, newest on top,
 * on the right (the reading side). At the bottom rather than SPEC's top (issue 8): at the top
 * they covered the right side of the header's navigation, whose height changes with the layout
 * and the screen width; at the bottom nothing fixed is ever under them, and notistack stacks a
 * bottom anchor newest on top.
 */
export const TOAST_SETTINGS = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  autoHideDuration: 5500,
  maxSnack: 5,
} as const;

/**
 * Everything a React tree of this site needs to look right: RTL emotion cache, the theme
 * with its light/dark/system modes (stored under {@link COLOR_MODE_STORAGE_KEY}), baseline
 * CSS and the notistack provider.
 * @param emotionCache the render's own cache on the server ({@link createRtlCache}); the
 * browser leaves it out and shares one
 */
export function AppThemeProvider({ children, emotionCache }: { children: ReactNode; emotionCache?: EmotionCache }) {
  const cache = emotionCache ?? (browserCache ??= createRtlCache());
  return (
    <CacheProvider value={cache}>
      <ThemeProvider
        theme={theme}
        defaultMode={DEFAULT_COLOR_MODE}
        modeStorageKey={COLOR_MODE_STORAGE_KEY}
        disableTransitionOnChange
        disableStyleSheetGeneration
      >
        {/* The theme's CSS variables (spacing, palette, shadows) before everything that uses them.
            MUI's provider writes them after its children: in a server-rendered page they came at
            the end of the HTML, so every gap and padding was 0 until then and the whole page moved
            (CLS 0.3 on phones, issue 9). */}
        <GlobalStyles styles={cssVariableSheets} />
        <CssBaseline enableColorScheme />
        <SnackbarProvider {...TOAST_SETTINGS} dense={false} preventDuplicate>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
