import { useId, useState } from 'react';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import type { QuizRegradePreview } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { Alert, Box, Button, CircularProgress, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@shop/ui-kit/lazy';
import { quizStrings } from './quiz-dashboard-strings';
import { useApplyRegradeMutation, useGetRegradePreviewQuery } from './quizzes-admin-api';

const r = quizStrings.regrade;

/** A question the dialog regrades: its id, its name in the title and its current version. */
export interface RegradeTarget {
  id: number;
  name: string;
  version: number;
}

const passedLabel = (passed: boolean) => (passed ? r.passed : r.failedMark);

/** The preview's figures and the attempts whose scores change, before → after. */
function PreviewSummary({ preview }: { preview: QuizRegradePreview }) {
  const figures = [
    [r.answers, preview.answers],
    [r.answersChanged, preview.answers_changed],
    [r.attemptsChanged, preview.attempts_changed],
  ] as const;
  return (
    <Stack spacing={2} useFlexGap>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {figures.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {formatNumber(value)}
            </Typography>
          </Box>
        ))}
      </Box>
      {preview.answers === 0 && <Alert severity="info">{r.nothingLeft}</Alert>}
      {preview.answers > 0 && preview.attempts_changed === 0 && <Alert severity="info">{r.noChange}</Alert>}
      {preview.changes.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={r.changes}>
            <TableHead>
              <TableRow>
                <TableCell>{r.columns.name}</TableCell>
                <TableCell>{r.columns.percent}</TableCell>
                <TableCell>{r.columns.passed}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.changes.map((change) => (
                <TableRow key={change.attempt_id}>
                  <TableCell>{change.user_name || r.unknownName}</TableCell>
                  <TableCell>{r.percentChange(formatNumber(change.percent_before), formatNumber(change.percent_after))}</TableCell>
                  <TableCell>{r.passedChange(passedLabel(change.passed_before), passedLabel(change.passed_after))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {preview.attempts_changed > preview.changes.length && (
        <Typography variant="body2" color="text.secondary">
          {r.more(formatNumber(preview.changes.length), formatNumber(preview.attempts_changed))}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * «بازنمره‌دهی» of a question of a course's bank (issue 37 item 2): reads what regrading
 * would change (answers looked at and changed, attempts changed, and each changed attempt's buyer,
 * percent and pass before → after), then «اعمال بازنمره‌دهی» applies it, toasts the server's message
 * and closes. A refusal stays in the dialog. Nothing changes until applied.
 * @param question the question to regrade; it stays named while the dialog closes
 * @param open whether the dialog shows (the preview is read each time it opens)
 */
export function RegradeDialog({ question, open, onClose }: { question: RegradeTarget | null; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const { data, isFetching, isError } = useGetRegradePreviewQuery(open && question ? question.id : skipToken, { refetchOnMountOrArgChange: true });
  const [apply, { isLoading: applying }] = useApplyRegradeMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = question && data?.data.question_id === question.id && !isFetching ? data.data : null;
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!question) return;
    setRefusal(null);
    try {
      const answer = await apply(question.id).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
      close();
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? r.applyFailed);
    }
  };
  return (
    <Dialog open={open} onClose={applying ? undefined : close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{question ? r.title(question.name) : ''}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {question ? r.intro(quizStrings.version(formatNumber(question.version))) : ''}
        </Typography>
        {preview ? (
          <PreviewSummary preview={preview} />
        ) : isError && !isFetching ? (
          <Alert severity="error">{r.failed}</Alert>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={20} />
            <Typography>{r.loading}</Typography>
          </Stack>
        )}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={applying}>
          {r.close}
        </Button>
        <Button variant="contained" color="warning" disabled={!preview || preview.answers === 0 || applying} onClick={() => void confirm()}>
          {applying ? r.applying : r.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
