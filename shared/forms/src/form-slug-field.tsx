import { useField } from 'formik';
import { Icon, IconButton } from '@shop/ui-kit';
import { InputAdornment, Tooltip } from '@shop/ui-kit/lazy';
import { FormTextField } from './form-text-field';
import { suggestSlug } from './suggest-slug';

/**
 * The `slug` field of a dashboard form (SPEC §5 "slug"), left to right, with a button that
 * fills it from the `title` field through {@link suggestSlug}; disabled while the title is empty.
 */
export function FormSlugField({ label, help, suggestLabel }: { label: string; help: string; suggestLabel: string }) {
  const [title] = useField<string>('title');
  const [, , slug] = useField<string>('slug');
  return (
    <FormTextField
      name="slug"
      label={label}
      help={help}
      ltr
      endAdornment={
        <InputAdornment position="end">
          <Tooltip title={suggestLabel}>
            <span>
              <IconButton
                aria-label={suggestLabel}
                disabled={!title.value?.trim()}
                onClick={() => {
                  void slug.setTouched(true, false);
                  void slug.setValue(suggestSlug(title.value), true);
                }}
              >
                <Icon name="AutoFixHigh" />
              </IconButton>
            </span>
          </Tooltip>
        </InputAdornment>
      }
    />
  );
}
