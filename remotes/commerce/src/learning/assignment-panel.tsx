import { useState, type ChangeEvent, type FormEvent } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { AssignmentOverview, AssignmentSubmission, ProductSessionDetail } from '@shop/contracts';
import { RichText } from '@shop/content-ui';
import { formatJalaliDate, formatNumber, toPersianDigits } from '@shop/format';
import { SUBMISSION_TEXT_MAX } from '@shop/validation';
import { Alert, Box, Button, Icon, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip, LinearProgress, TextField } from '@shop/ui-kit/lazy';
import { useDiscardAssignmentUploadMutation, useGetAssignmentOverviewQuery, useSubmitAssignmentMutation } from './assignment-api';
import { assignmentStrings as t } from './assignment-strings';
import { useAssignmentUpload } from './use-assignment-upload';
import { LearningPanel, RulesList } from './learning-panel';
import { AssignmentFileList } from './assignment-file-list';


/** The assignment's rules, one line each. */
function AssignmentRules({ assignment }: { assignment: AssignmentOverview }) {
  const lines = [
    t.rules.passScore(formatNumber(assignment.pass_score)),
    assignment.max_files === 0 ? t.rules.noFiles : t.rules.files(formatNumber(assignment.max_files), formatNumber(assignment.max_file_size_mb)),
    ...(assignment.max_files === 0 ? [] : [t.rules.types(assignment.allowed_types.join('، '))]),
    t.rules.resubmit[assignment.allow_resubmit],
    ...(assignment.required_for_certificate ? [] : [t.rules.optional]),
  ];
  return <RulesList lines={lines} />;
}

/** One submission: its number, date, files, text, and once graded its score and feedback. */
function SubmissionItem({ submission }: { submission: AssignmentSubmission }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, borderRadius: 2 }} aria-label={t.submissions.number(formatNumber(submission.number))}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{t.submissions.number(formatNumber(submission.number))}</Typography>
        <Typography color="text.secondary">{t.submissions.sentAt(formatJalaliDate(submission.created_at, { withTime: true }))}</Typography>
        {submission.status === 'submitted' ? (
          <Chip size="small" color="warning" label={t.submissions.waiting} />
        ) : (
          <>
            <Typography>{t.submissions.score(formatNumber(submission.score ?? 0))}</Typography>
            <Chip
              size="small"
              color={submission.passed ? 'success' : 'default'}
              icon={<Icon name={submission.passed ? 'CheckCircle' : 'Close'} />}
              label={submission.passed ? t.submissions.passed : t.submissions.failed}
            />
          </>
        )}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 1 }} color={submission.text ? undefined : 'text.secondary'}>
        {submission.text || t.submissions.noText}
      </Typography>
      <AssignmentFileList files={submission.files} />
      {submission.feedback && (
        <Alert severity={submission.passed ? 'success' : 'info'} sx={{ mt: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{t.submissions.feedback}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{submission.feedback}</Typography>
        </Alert>
      )}
    </Paper>
  );
}

/** The form of a new submission: the text, the files uploaded (resumable) and not sent, and «send». */
function SubmissionForm({ assignment }: { assignment: AssignmentOverview }) {
  const sessionId = assignment.product_session_id;
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploader = useAssignmentUpload(sessionId);
  const [submit, { isLoading: sending }] = useSubmitAssignmentMutation();
  const [discard] = useDiscardAssignmentUploadMutation();
  const pending = assignment.pending_files;
  const room = pending.length < assignment.max_files && uploader.current === null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void uploader.start(file);
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setRefusal(null);
    try {
      const answer = await submit({ sessionId, body: { text, upload_ids: pending.map((file) => file.id) } }).unwrap();
      setText('');
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      const { message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setRefusal(message ?? t.failedToLoad);
    }
  };
  const filesError = errors.upload_ids?.[0] ?? uploader.error;
  return (
    <Box component="form" noValidate aria-label={assignment.submissions.length > 0 ? t.form.resubmitTitle : t.form.title} onSubmit={(event) => void send(event)}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {assignment.submissions.length > 0 ? t.form.resubmitTitle : t.form.title}
      </Typography>
      <Stack spacing={2} useFlexGap>
        <TextField
          label={t.form.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={4}
          error={Boolean(errors.text)}
          helperText={errors.text?.[0] ?? `${toPersianDigits(text.length)} از ${toPersianDigits(SUBMISSION_TEXT_MAX)} نویسه`}
        />
        {assignment.max_files > 0 && (
          <Box role="group" aria-label={t.form.files}>
            <AssignmentFileList files={pending} onRemove={(file) => void discard({ sessionId, uploadId: file.id })} />
            {uploader.current && (
              <Box role="status" sx={{ mt: 1 }}>
                <Typography variant="body2">{t.form.uploading(uploader.current.name, formatNumber(uploader.current.percent))}</Typography>
                <LinearProgress variant="determinate" value={uploader.current.percent} aria-label={uploader.current.name} />
              </Box>
            )}
            {filesError && (
              <Alert severity="error" sx={{ mt: 1 }} onClose={uploader.clearError}>
                {filesError}
              </Alert>
            )}
            <Button component="label" variant="outlined" startIcon={<Icon name="UploadFile" />} disabled={!room} sx={{ mt: 1 }}>
              {t.form.choose}
              <input hidden type="file" accept={assignment.allowed_types.map((type) => `.${type}`).join(',')} onChange={choose} />
            </Button>
          </Box>
        )}
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={sending || uploader.current !== null}>
            {sending ? t.form.submitting : t.form.submit}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * An assignment session's area for a buyer (issue 37 item 3), in place of a lesson's player: the
 * instructions and rules, their submissions newest first (waiting, or the score out of 100,
 * passed or not, and staff's feedback), and, while the assignment allows, the form to send a text
 * and files (each file by the resumable upload, within the assignment's limits).
 * @param session the assignment session the buyer may open
 */
export function AssignmentPanel({ session }: { session: ProductSessionDetail }) {
  const { data, isError } = useGetAssignmentOverviewQuery(session.id);
  const assignment = data?.data;
  return (
    <LearningPanel title={t.title} isError={isError} failedText={t.failedToLoad} loaded={!!assignment} loadingText={t.loading}>
      {assignment && (
        <Stack spacing={2.5} useFlexGap>
          <RichText html={assignment.instructions} />
          <AssignmentRules assignment={assignment} />
          {assignment.passed && <Alert severity="success">{t.passed}</Alert>}
          {assignment.can_submit && <SubmissionForm assignment={assignment} />}
          {assignment.submissions.length > 0 && (
            <Box component="section" aria-labelledby="assignment-submissions-title">
              <Typography id="assignment-submissions-title" variant="h6" component="h3" sx={{ mb: 1 }}>
                {t.submissions.title}
              </Typography>
              <Stack component="ul" spacing={1.5} useFlexGap sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {assignment.submissions.map((submission) => (
                  <SubmissionItem key={submission.id} submission={submission} />
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      )}
    </LearningPanel>
  );
}

export default AssignmentPanel;
