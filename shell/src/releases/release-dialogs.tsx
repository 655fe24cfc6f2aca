import { useId, useState } from 'react';
import { Form, Formik, type FormikErrors } from 'formik';
import { FormNumberField, FormStatusAlert, showSaveFailure } from '@shop/forms';
import { messages, validate, wholeNumberField } from '@shop/validation';
import { Button, Stack, Typography } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/**
 * Asks before one release action (issue 35 item 5): a title and the paragraphs that name the remote
 * and the versions involved, «انصراف» (focused, as a wrong click costs every visitor) and the
 * confirm button. While `onConfirm` runs both buttons are disabled and the dialog stays; then it
 * closes, done or refused (the toast says which).
 */
export function ConfirmReleaseDialog({
  title,
  paragraphs,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  paragraphs: string[];
  confirmLabel: string;
  /** A red confirm button, for what takes a version away from visitors (rollback, the canary's end). */
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onClose();
    }
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack id={`${id}-text`} spacing={1.5} useFlexGap>
          {paragraphs.map((paragraph) => (
            <Typography key={paragraph} color="text.secondary">
              {paragraph}
            </Typography>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          {t.releases.cancel}
        </Button>
        <Button onClick={() => void confirm()} variant="contained" color={danger ? 'error' : 'primary'} disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The least and greatest share of visitors a canary takes, in percent (`CanaryReleaseBody.share`). */
export const CANARY_SHARE_MIN = 1;
export const CANARY_SHARE_MAX = 99;

/** The share rule: a whole number typed in any digits, 1..99, with the validation package's Persian messages. */
const shareRule = wholeNumberField(t.releases.shareName, { min: CANARY_SHARE_MIN, max: CANARY_SHARE_MAX }).required(messages.required);

interface CanaryValues {
  /** The share as typed (Persian, Arabic-Indic or Latin digits). */
  share: string;
}

/** The share as a number 1..99, or the rule's Persian message. */
async function readShare(share: string): Promise<{ share: number } | { error: string }> {
  const result = await validate(shareRule, share);
  if (result.ok && typeof result.value === 'number') return { share: result.value };
  return { error: result.ok ? messages.required({ label: t.releases.shareName }) : (Object.values(result.errors)[0]?.[0] ?? '') };
}

async function validateShare({ share }: CanaryValues): Promise<FormikErrors<CanaryValues>> {
  const read = await readShare(share);
  return 'error' in read ? { share: read.error } : {};
}

/** What the canary form's submit gets back from the page: done, or the refusal to show in the form. */
export type CanaryOutcome = { done: true } | { done: false; status: number; message?: string; fieldErrors: Record<string, string[]>; shownHere: boolean };

/**
 * The canary dialog (issue 35 items 3 and 5): the paragraphs that name the remote and the
 * version, and the share of visitors (formik; a whole number 1..99 in any digits, its Persian
 * error under the field, as is the server's 422 for it). Nothing is sent while the share is refused.
 * `onStart` sends it; a refusal about the share stays in the form, any other closes the dialog
 * (its toast is the page's or the error catalogue's).
 */
export function CanaryDialog({
  title,
  paragraphs,
  initialShare,
  onStart,
  onClose,
}: {
  title: string;
  paragraphs: string[];
  /** The share the field starts with (the running canary's, else a tenth of visitors). */
  initialShare: number;
  onStart: (share: number) => Promise<CanaryOutcome>;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Formik<CanaryValues>
      initialValues={{ share: String(initialShare) }}
      initialStatus={{}}
      validate={validateShare}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        const read = await readShare(values.share);
        if ('error' in read) return;
        const outcome = await onStart(read.share);
        if (outcome.done) return onClose();
        if (outcome.status === 422 && outcome.fieldErrors.share) {
          await showSaveFailure({ status: outcome.status, message: outcome.message, errors: { share: outcome.fieldErrors.share } }, helpers);
          return;
        }
        onClose();
      }}
    >
      {({ isSubmitting }) => (
        <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
          <Form noValidate aria-labelledby={`${id}-title`}>
            <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={1.5} useFlexGap>
                {paragraphs.map((paragraph) => (
                  <Typography key={paragraph} color="text.secondary">
                    {paragraph}
                  </Typography>
                ))}
                <FormNumberField name="share" label={t.releases.share} help={t.releases.shareHelp} />
              </Stack>
              <FormStatusAlert />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={isSubmitting}>
                {t.releases.cancel}
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t.releases.canaryConfirm}
              </Button>
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
