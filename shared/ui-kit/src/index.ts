/**
 * The ui kit facade (DESIGN.md "The remote contract"): the only way apps reach MUI,
 * emotion and notistack. Shared through federation as one singleton, so each library exists
 * once on the page and MUI is tree-shaken to what is re-exported here. Grow it by adding
 * exports; never remove or change one (remotes built against it depend on them).
 * Heavy, rarely first-paint components live in `@shop/ui-kit/lazy`.
 */
export { UI_KIT_VERSION } from './version';
export { theme, COLOR_MODE_STORAGE_KEY, DEFAULT_COLOR_MODE } from './theme';
export { AppThemeProvider, TOAST_SETTINGS, createRtlCache } from './app-theme-provider';
export type { EmotionCache } from '@emotion/cache';
export { visuallyHidden } from './visually-hidden';
export { belowTheFold } from './below-the-fold';
export { useColorScheme, useTheme, styled, alpha } from '@mui/material/styles';
export { useSnackbar, enqueueSnackbar, closeSnackbar } from 'notistack';
export type { VariantType as ToastVariant } from 'notistack';
export {
  Alert,
  AlertTitle,
  AppBar,
  Box,
  Button,
  ButtonBase,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  CardMedia,
  CircularProgress,
  Container,
  Divider,
  Grid,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
export { Icon, type IconName } from './icon';
