import { Icon, ToggleButton, ToggleButtonGroup, useColorScheme } from '@shop/ui-kit';
import { t } from '../strings';

const MODES = [
  { value: 'light', label: t.theme.light, icon: 'LightMode' },
  { value: 'dark', label: t.theme.dark, icon: 'DarkMode' },
  { value: 'system', label: t.theme.system, icon: 'SettingsBrightness' },
] as const;

/** The header's theme switch (SPEC §1): light, dark or auto (follows the system); default dark. */
export function ThemeSwitch() {
  const { mode, setMode } = useColorScheme();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode ?? 'dark'}
      aria-label={t.theme.label}
      onChange={(_, value: (typeof MODES)[number]['value'] | null) => value && setMode(value)}
    >
      {MODES.map((m) => (
        <ToggleButton key={m.value} title={m.label} value={m.value} aria-label={m.label} sx={{ px: 1 }}>
          <Icon name={m.icon} fontSize="small" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
