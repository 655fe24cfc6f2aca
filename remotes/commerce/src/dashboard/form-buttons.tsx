import { Link } from '@shop/router';
import { Button, Stack } from '@shop/ui-kit';
import { t } from '../strings';

/** «انصراف» (back to `cancelTo`) and the submit button of a dashboard form; both disabled while sending. */
export function FormButtons({ cancelTo, submitting, submitLabel = t.form.save, disabled = false }: { cancelTo: string; submitting: boolean; submitLabel?: string; disabled?: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', mt: 2 }}>
      <Button component={Link} to={cancelTo} disabled={submitting}>
        {t.form.cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={submitting || disabled}>
        {submitting ? t.form.saving : submitLabel}
      </Button>
    </Stack>
  );
}
