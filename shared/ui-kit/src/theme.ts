import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  /** The theme is made with CSS variables (MUI's documented switch for the types that go with them). */
  interface CssThemeVariables {
    enabled: true;
  }
}

/** localStorage key where MUI keeps the chosen colour scheme (light | dark | system). */
export const COLOR_MODE_STORAGE_KEY = 'theme-mode';

/** The default colour scheme (SPEC §3: theme defaults to dark). */
export const DEFAULT_COLOR_MODE = 'dark' as const;

/**
 * The site's right-to-left MUI theme: Vazirmatn, both colour schemes as CSS variables
 * switched by a `light`/`dark` class on `<html>` (so the static skeleton in index.html and
 * the React app agree before any JavaScript runs).
 */
export const theme = createTheme({
  direction: 'rtl',
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#0f766e' },
        secondary: { main: '#b45309' },
        background: { default: '#f6f7f9', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#5eead4' },
        secondary: { main: '#fbbf24' },
        background: { default: '#0f1419', paper: '#171e26' },
      },
    },
  },
  typography: {
    fontFamily: 'Vazirmatn, Tahoma, sans-serif',
    button: { textTransform: 'none' },
  },
  shape: { borderRadius: 10 },
});
