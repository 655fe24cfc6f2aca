import { Formik, Form } from 'formik';
import type { ContentType } from '@shop/contracts';
import { claimApiError, selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Alert, Button, Stack } from '@shop/ui-kit';
import { FormTextField } from '@shop/forms';
import { COMMENT_TEXT_MAX, commentSchema } from '@shop/validation';
import { useEngagementCreateCommentMutation } from './engagement-api';
import { t } from './strings';

/** Only the text is typed; the rest of SPEC §3's payload comes from the page and the session. */
const textSchema = commentSchema.pick(['text']);

interface FormStatus {
  error?: string;
  success?: string;
}

/**
 * The form under a thread (parentId 0) or under one comment (a reply): formik with the shared
 * `commentSchema` rule for the text (SPEC §5, on blur and on change). Shows the server's
 * refusal or the "shows after approval" notice under the form; what was typed stays on error.
 * A refusal because comments are closed (SPEC §8's message) calls `onClosed` instead: the
 * thread then shows that notice in place of its forms.
 * Default export, loaded with `React.lazy` by {@link CommentThread}.
 */
export default function CommentForm({
  target,
  parentId,
  replyTo,
  onCancel,
  onClosed,
}: {
  target: { type: ContentType; id: number };
  parentId: number;
  replyTo?: string;
  onCancel?: () => void;
  onClosed: () => void;
}) {
  const user = useAppSelector(selectCurrentUser);
  const [createComment] = useEngagementCreateCommentMutation();
  const isReply = parentId > 0;
  return (
    <Formik<{ text: string }>
      initialValues={{ text: '' }}
      initialStatus={{}}
      validationSchema={textSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, { setStatus, setFieldError, resetForm }) => {
        setStatus({});
        try {
          const result = await createComment({
            user_id: user?.id ?? 0,
            parent_id: parentId,
            text: values.text.trim(),
            commentable_id: target.id,
            commentable_type: target.type,
          }).unwrap();
          if (result.refused) {
            if (result.message === t.closed) onClosed();
            else setStatus({ error: result.message } satisfies FormStatus);
            return;
          }
          resetForm({ values: { text: '' }, status: { success: result.message || t.pendingApproval } satisfies FormStatus });
        } catch (error) {
          const { message, fieldErrors } = claimApiError(error as Parameters<typeof claimApiError>[0]);
          if (fieldErrors.text?.[0]) setFieldError('text', fieldErrors.text[0]);
          setStatus({ error: fieldErrors.text?.[0] ? undefined : (message ?? t.genericError) } satisfies FormStatus);
        }
      }}
    >
      {({ isSubmitting, status }) => {
        const { error, success } = (status ?? {}) as FormStatus;
        return (
          <Form noValidate aria-label={isReply && replyTo ? t.replyTo(replyTo) : t.writeComment}>
            <FormTextField
              name="text"
              id={`comment-text-${target.type}-${target.id}-${parentId}`}
              label={isReply ? t.replyText : t.commentText}
              multiline
              minRows={3}
              maxLength={COMMENT_TEXT_MAX}
              autoFocus={isReply}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end' }}>
              {onCancel && (
                <Button onClick={onCancel} disabled={isSubmitting}>
                  {t.cancelReply}
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t.sending : isReply ? t.sendReply : t.send}
              </Button>
            </Stack>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {error}
              </Alert>
            )}
            {success && (
              <Alert severity="success" sx={{ mt: 2 }} role="status">
                {success}
              </Alert>
            )}
          </Form>
        );
      }}
    </Formik>
  );
}
