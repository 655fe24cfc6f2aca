import { useId } from 'react';
import { useField } from 'formik';
import { Box } from '@shop/ui-kit';
import { FormControlLabel, FormHelperText, Switch } from '@shop/ui-kit/lazy';

/**
 * A switch bound to a boolean formik field (an item's active flag, a free-preview flag), with an
 * optional `help` line under it that the switch is described by (what turning it on costs).
 */
export function FormSwitchField({ name, label, help }: { name: string; label: string; help?: string }) {
  const [field, , helpers] = useField<boolean>(name);
  const helpId = useId();
  const control = (
    <FormControlLabel
      control={
        <Switch
          checked={!!field.value}
          onChange={(event) => void helpers.setValue(event.target.checked)}
          name={name}
          slotProps={help ? { input: { 'aria-describedby': helpId } } : undefined}
        />
      }
      label={label}
    />
  );
  if (!help) return control;
  return (
    <Box>
      {control}
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
    </Box>
  );
}
