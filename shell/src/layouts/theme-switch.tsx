import { Icon, IconButton, ToggleButton, ToggleButtonGroup, useColorScheme } from '@shop/ui-kit';
import { t } from '../strings';

const MODES = [
  { value: 'light', label: t.theme.light, icon: 'LightMode' },
  { value: 'dark', label: t.theme.dark, icon: 'DarkMode' },
  { value: 'system', label: t.theme.system, icon: 'SettingsBrightness' },
] as const;

type Mode = (typeof MODES)[number]['value'];

/**
 * The header's theme switch (SPEC §1): light, dark or auto (follows the system); default
 * dark. Three toggle buttons from `sm` up; on phones one button that steps through them.
 */
export function ThemeSwitch() {
  const { mode, setMode } = useColorScheme();
  const current = MODES.find((m) => m.value === mode) ?? MODES[1];
  const next = MODES[(MODES.indexOf(current) + 1) % MODES.length]!;
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={current.value}
        aria-label={t.theme.label}
        onChange={(_, value: Mode | null) => value && setMode(value)}
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        {MODES.map((m) => (
          <ToggleButton key={m.value} title={m.label} value={m.value} aria-label={m.label} sx={{ px: 1 }}>
            <Icon name={m.icon} fontSize="small" />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <IconButton
        onClick={() => setMode(next.value)}
        title={`${t.theme.label}: ${current.label}`}
        aria-label={`${t.theme.label}: ${current.label}`}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <Icon name={current.icon} />
      </IconButton>
    </>
  );
}
