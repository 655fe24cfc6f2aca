import { useEffect, useState } from 'react';
import { useField } from 'formik';
import { Box, Button, Icon, Stack, Typography } from '@shop/ui-kit';
import { FormHelperText } from '@shop/ui-kit/lazy';
import { t } from './strings';

/** A local preview URL of a chosen file; none where the platform has no object URLs. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * A file input bound to a formik field, with a preview of the chosen file (an image, or an
 * audio player; none for `kind="file"`) or of the current one when editing; the field's error
 * shows once a file was chosen or the form was submitted.
 */
export function FormFileField({
  name,
  label,
  chooseLabel,
  help,
  extensions,
  kind,
  current,
  hasCurrent = !!current,
}: {
  name: string;
  label: string;
  chooseLabel: string;
  help: string;
  /** Extensions the picker offers, without dots (`['jpg', 'png']`); the schema checks them too. */
  extensions: readonly string[];
  kind: 'image' | 'audio' | 'file';
  /** URL of the file the item has now (edit form). */
  current?: string | null;
  /** The item has a file now even though it has no public URL (a private lesson file). */
  hasCurrent?: boolean;
}) {
  const [field, meta, helpers] = useField<File | null>(name);
  const preview = usePreviewUrl(kind === 'file' ? null : field.value);
  const showError = meta.touched && !!meta.error;
  const shown = preview ?? current ?? null;
  const inputId = `file-${name}`;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: showError ? 'error.main' : 'divider', borderRadius: 2, p: 2, m: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        {shown && kind === 'image' && (
          <Box component="img" src={shown} alt="" sx={{ width: { xs: '100%', sm: 200 }, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }} />
        )}
        {shown && kind === 'audio' && <Box component="audio" controls preload="none" src={shown} sx={{ width: { xs: '100%', sm: 320 } }} />}
        <Box>
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<Icon name="UploadFile" />}>
            {chooseLabel}
            <input
              id={inputId}
              name={name}
              type="file"
              accept={extensions.map((ext) => `.${ext}`).join(',')}
              aria-label={label}
              hidden
              onChange={(event) => {
                const file = event.currentTarget.files?.[0] ?? null;
                void helpers.setTouched(true, false);
                void helpers.setValue(file, true);
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {field.value ? t.selected(field.value.name) : hasCurrent ? t.keepFile : help}
          </Typography>
        </Box>
      </Stack>
      <FormHelperText error={showError}>{showError ? meta.error : ' '}</FormHelperText>
    </Box>
  );
}
