import { useId, useState, type ChangeEvent } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { Alert, AlertTitle, Box, Button, Icon, Stack, Typography, enqueueSnackbar, useMediaQuery, useTheme } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@shop/ui-kit/lazy';
import { quizStrings } from './quiz-dashboard-strings';
import { useImportQuizQuestionsMutation } from './quizzes-admin-api';

const s = quizStrings.import;

/** The sample file's rows: the header, then one question of each type (the server's format, server/README.md). */
const SAMPLE_ROWS: string[][] = [
  ['نوع', 'متن', 'امتیاز', 'گزینه‌ها', 'پاسخ'],
  ['چندگزینه‌ای (یک پاسخ)', 'پایتخت ایران کدام شهر است؟', '۱', '*تهران|تبریز|شیراز', ''],
  ['چندگزینه‌ای (چند پاسخ)', 'کدام عددها زوج‌اند؟', '۲', '*۲|۳|*۴', ''],
  ['درست یا نادرست', 'زمین به دور خورشید می‌گردد.', '۱', '', 'درست'],
  ['پاسخ کوتاه', 'فعل «رفتن» برای «من» در زمان حال چیست؟', '۱', '', 'می‌روم|میروم'],
  ['مرتب‌سازی', 'فصل‌ها را از بهار به ترتیب بچینید.', '۱', 'بهار|تابستان|پاییز|زمستان', ''],
  ['جورکردنی', 'پایتخت هر کشور را پیدا کنید.', '۲', 'ایران=تهران|ژاپن=توکیو|فرانسه=پاریس', ''],
];

/** The sample as CSV text: every cell quoted (a `"` doubled), rows ended by CRLF, as spreadsheets write it. */
export function sampleCsv(): string {
  return SAMPLE_ROWS.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
}

/** Saves the sample file, made in the browser with a BOM so a spreadsheet reads it as UTF-8. */
function downloadSample() {
  const url = URL.createObjectURL(new Blob(['\uFEFF', sampleCsv()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = s.sampleName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Sends the chosen file; keeps the server's refusals (each row's errors, or one message) to show. */
function useImport(productId: number, onDone: () => void) {
  const [send, { isLoading }] = useImportQuizQuestionsMutation();
  const [refusals, setRefusals] = useState<string[]>([]);
  const submit = async (file: File) => {
    setRefusals([]);
    try {
      const answer = await send({ productId, file }).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
      onDone();
    } catch (error) {
      const { message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      const listed = Object.values(fieldErrors).flat();
      setRefusals(listed.length > 0 ? listed : [message ?? s.failed]);
    }
  };
  return { submit, sending: isLoading, refusals, clear: () => setRefusals([]) };
}

/**
 * «ورود از فایل CSV» of a course's question bank (issue 37 item 1; manage-product-sessions): the
 * format in short Persian with a sample file made in the browser, a file chooser, and the server's
 * answer: on success its message as a toast (the bank refreshes through its `Quiz` tag) and the
 * dialog closes; on a refusal every bad row's error («ردیف ۳، ستون «گزینه‌ها»: …») or the file's
 * (413 too large, 415 not a UTF-8 CSV) is listed in the dialog, and nothing was saved.
 */
export function QuestionImportDialog({ productId, open, onClose }: { productId: number; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const imported = useImport(productId, () => {
    setFile(null);
    onClose();
  });
  const close = () => {
    setFile(null);
    imported.clear();
    onClose();
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    imported.clear();
    event.target.value = '';
  };
  return (
    <Dialog open={open} onClose={imported.sending ? undefined : close} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{s.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} useFlexGap>
          <Typography variant="body2">{s.intro}</Typography>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {s.formatTitle}
            </Typography>
            <Box component="ul" sx={{ my: 1, ps: 3 }}>
              {s.format.map((line) => (
                <Typography key={line} component="li" variant="body2">
                  {line}
                </Typography>
              ))}
            </Box>
            <Button size="small" variant="outlined" startIcon={<Icon name="Download" />} onClick={downloadSample}>
              {s.sample}
            </Button>
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<Icon name="UploadFile" />} disabled={imported.sending}>
              {s.choose}
              <input id={inputId} type="file" accept=".csv,text/csv" hidden onChange={choose} />
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file ? s.chosen(file.name) : s.none}
            </Typography>
          </Stack>
          {imported.refusals.length > 0 && (
            <Alert severity="error" role="alert">
              <AlertTitle>{s.errorsTitle}</AlertTitle>
              <Box component="ul" sx={{ m: 0, ps: 2 }}>
                {imported.refusals.map((refusal) => (
                  <li key={refusal}>{refusal}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={imported.sending}>
          {s.cancel}
        </Button>
        <Button variant="contained" disabled={!file || imported.sending} onClick={() => file && void imported.submit(file)}>
          {imported.sending ? s.sending : s.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
