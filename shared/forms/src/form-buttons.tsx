import { Link } from '@shop/router';
import { Button, Stack } from '@shop/ui-kit';
import { t } from './strings';

/**
 * The buttons under a dashboard form: «انصراف» (a link back to `cancelTo`) and the submit button,
 * both disabled while sending (the submit label reads «در حال ذخیره…» then).
 * @param submitLabel the submit button's text, «ذخیره» by default
 * @param disabled keeps the submit button disabled (e.g. until a confirmation word is typed)
 */
export function FormButtons({
  cancelTo,
  submitting,
  submitLabel = t.save,
  disabled = false,
}: {
  cancelTo: string;
  submitting: boolean;
  submitLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', mt: 2 }}>
      <Button component={Link} to={cancelTo} disabled={submitting}>
        {t.cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={submitting || disabled}>
        {submitting ? t.saving : submitLabel}
      </Button>
    </Stack>
  );
}
