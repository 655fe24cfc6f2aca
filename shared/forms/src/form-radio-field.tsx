import { useField } from 'formik';
import { Box } from '@shop/ui-kit';
import { FormControlLabel, FormLabel, Radio, RadioGroup } from '@shop/ui-kit/lazy';

/**
 * A row of radio buttons bound to a formik field, one per option (a comment status, a course
 * status). `options` maps each value to its Persian label, in the order shown.
 */
export function FormRadioField<V extends string>({ name, label, options }: { name: string; label: string; options: Record<V, string> }) {
  const [field] = useField<V>(name);
  const labelId = `${name}-label`;
  return (
    <Box>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} {...field}>
        {(Object.entries(options) as Array<[V, string]>).map(([value, text]) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={text} />
        ))}
      </RadioGroup>
    </Box>
  );
}
