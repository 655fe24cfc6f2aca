import { MenuItem, TextField } from '@shop/ui-kit/lazy';
import { t } from './strings';

/**
 * Reads a filter from the URL: one of `options`' keys, else '' (no filter).
 * @example filterOf(params.get('type'), { question: 'پرسش', link: 'پیوند' }) // 'link' for ?type=link, '' for ?type=x
 */
export function filterOf<V extends string>(raw: string | null, options: Record<V, string>): V | '' {
  return raw !== null && Object.hasOwn(options, raw) ? (raw as V) : '';
}

/** A filter of a dashboard list: «همه» or one of `options` (value → Persian label), in their order; '' is «همه». */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | '';
  options: Record<V, string>;
  onChange: (next: V | '') => void;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as V | '')} sx={{ minWidth: 160 }}>
      <MenuItem value="">{t.all}</MenuItem>
      {(Object.entries(options) as Array<[V, string]>).map(([key, text]) => (
        <MenuItem key={key} value={key}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
