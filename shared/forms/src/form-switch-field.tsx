import { useField } from 'formik';
import { FormControlLabel, Switch } from '@shop/ui-kit/lazy';

/** A switch bound to a boolean formik field (an item's active flag, a free-preview flag). */
export function FormSwitchField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <FormControlLabel
      control={<Switch checked={!!field.value} onChange={(event) => void helpers.setValue(event.target.checked)} name={name} />}
      label={label}
    />
  );
}
