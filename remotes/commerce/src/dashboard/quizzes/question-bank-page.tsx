import { useState, type ReactNode } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { QuestionType, QuizQuestion } from '@shop/contracts';
import { ConfirmDialog, DebouncedSearchBox, ListPagination, pageOf, useIdParam, useUrlParams } from '@shop/content-ui';
import { DataTable, FilterSelect, ListToolbar, PageHeader, filterOf } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { Alert, Box, Button, Icon, IconButton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { CATALOG_PATHS } from '../catalog/catalog-paths';
import { useGetAdminProductQuery } from '../catalog/catalog-admin-api';
import { QuestionFormDialog } from './question-form';
import { QuestionImportDialog } from './question-import-dialog';
import { questionName } from './question-values';
import { quizStrings } from './quiz-dashboard-strings';
import { RegradeDialog, type RegradeTarget } from './regrade-dialog';
import { useDeleteQuizQuestionMutation, useGetQuizQuestionsQuery } from './quizzes-admin-api';

const b = quizStrings.bank;
const PER_PAGE = 15;
const COLUMNS = ['body', 'type', 'points', 'version', 'actions'] as const;
/** Characters of a question's text shown in the list. */
const EXCERPT = 120;

/** What a row's buttons do. */
interface RowActs {
  edit: (question: QuizQuestion) => void;
  remove: (question: QuizQuestion) => void;
  regrade: (question: QuizQuestion) => void;
}

/** One cell of a question: its text (and its answers on earlier versions), type, points, version, and edit, regrade and delete. */
function cellOf(question: QuizQuestion, column: (typeof COLUMNS)[number], act: RowActs): ReactNode {
  const name = questionName(question);
  switch (column) {
    case 'body':
      return (
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <span>{questionName(question, EXCERPT)}</span>
          {question.answers_on_older_versions > 0 && (
            <Typography variant="body2" color="warning.main" component="span">
              {b.olderAnswers(formatNumber(question.answers_on_older_versions))}
            </Typography>
          )}
        </Stack>
      );
    case 'type':
      return quizStrings.types[question.type];
    case 'points':
      return formatNumber(question.points);
    case 'version':
      return formatNumber(question.version);
    case 'actions':
      return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <IconButton size="small" aria-label={b.edit(name)} title={b.edit(name)} onClick={() => act.edit(question)}>
            <Icon name="Edit" fontSize="small" />
          </IconButton>
          <IconButton size="small" color="error" aria-label={b.delete(name)} title={b.delete(name)} onClick={() => act.remove(question)}>
            <Icon name="Delete" fontSize="small" />
          </IconButton>
          {question.answers_on_older_versions > 0 && (
            <Button size="small" variant="outlined" color="warning" startIcon={<Icon name="Replay" />} aria-label={b.regradeOf(name)} onClick={() => act.regrade(question)}>
              {b.regrade}
            </Button>
          )}
        </Stack>
      );
  }
}

/** Deleting a question after a confirmation; the server's refusal (or no answer) is kept to show above the list. */
function useQuestionDelete(productId: number) {
  const [remove, { isLoading }] = useDeleteQuizQuestionMutation();
  // The question the dialog asks about stays named while the dialog closes.
  const [asked, setAsked] = useState<QuizQuestion | null>(null);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      const answer = await remove({ questionId: asked.id, productId }).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? b.deleteFailed);
    }
    setOpen(false);
  };
  const ask = (question: QuizQuestion) => {
    setAsked(question);
    setOpen(true);
  };
  return { ask, asked, open, cancel: () => setOpen(false), confirm, pending: isLoading, refusal, clearRefusal: () => setRefusal(null) };
}

/** Which dialog of a question is open: the form (a new question or one to edit) or the regrade. */
function useQuestionDialogs() {
  const [form, setForm] = useState<{ open: boolean; editing: number | null }>({ open: false, editing: null });
  const [regrade, setRegrade] = useState<{ open: boolean; target: RegradeTarget | null }>({ open: false, target: null });
  return {
    form,
    regrade,
    add: () => setForm({ open: true, editing: null }),
    edit: (question: QuizQuestion) => setForm({ open: true, editing: question.id }),
    closeForm: () => setForm((current) => ({ ...current, open: false })),
    openRegrade: (question: QuizQuestion) => setRegrade({ open: true, target: { id: question.id, name: questionName(question), version: question.version } }),
    closeRegrade: () => setRegrade((current) => ({ ...current, open: false })),
  };
}

/**
 * `/dashboard/products/:productId/quiz-questions` (manage-product-sessions; issue 37 items 1–2): a
 * course's question bank under its title: each question's text as plain words, its type in
 * Persian, points and version in Persian digits; search and type filter and page in the URL;
 * «پرسش تازه» and edit open the question form, «ورود از فایل CSV» the import dialog, delete asks first (past attempts keep the question),
 * and a question with answers on earlier versions offers «بازنمره‌دهی» (preview, then apply).
 */
export default function QuestionBankPage() {
  const productId = useIdParam('productId');
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const type = filterOf<QuestionType>(params.get('type'), quizStrings.types);
  const product = useGetAdminProductQuery(productId).data?.data;
  const { data, isLoading, isFetching } = useGetQuizQuestionsQuery({ productId, page: pageOf(params), per_page: PER_PAGE, q, type });
  const deletion = useQuestionDelete(productId);
  const dialogs = useQuestionDialogs();
  const filtered = q !== '' || type !== '';
  const [importing, setImporting] = useState(false);

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={product ? b.titleOf(product.title) : b.title}
        intro={b.intro}
        parents={[
          { label: b.products, to: CATALOG_PATHS.products },
          ...(product ? [{ label: product.title, to: `${CATALOG_PATHS.products}/${product.id}` }] : []),
        ]}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<Icon name="UploadFile" />} onClick={() => setImporting(true)}>
              {quizStrings.import.open}
            </Button>
            <Button variant="contained" startIcon={<Icon name="Add" />} onClick={dialogs.add}>
              {b.add}
            </Button>
          </Stack>
        }
      />
      <ListToolbar total={data?.meta.total} totalLabel={b.total}>
        <DebouncedSearchBox value={q} onSearch={(next) => update({ q: next.trim(), page: null }, true)} label={b.search} />
        <FilterSelect label={b.typeFilter} value={type} options={quizStrings.types} onChange={(next) => update({ type: next, page: null })} />
      </ListToolbar>
      {deletion.refusal && (
        <Alert severity="error" role="alert" onClose={deletion.clearRefusal} sx={{ mb: 2 }}>
          {deletion.refusal}
        </Alert>
      )}
      <DataTable
        label={b.list}
        columns={COLUMNS}
        labels={b.columns}
        rows={data?.data}
        rowKey={(question) => question.id}
        cell={(question, column) => cellOf(question, column, { edit: dialogs.edit, remove: deletion.ask, regrade: dialogs.openRegrade })}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={filtered ? b.emptyFiltered : b.empty}
        minWidth={760}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
      <QuestionFormDialog productId={productId} editing={dialogs.form.editing} open={dialogs.form.open} onClose={dialogs.closeForm} />
      <QuestionImportDialog productId={productId} open={importing} onClose={() => setImporting(false)} />
      <RegradeDialog question={dialogs.regrade.target} open={dialogs.regrade.open} onClose={dialogs.closeRegrade} />
      <ConfirmDialog
        open={deletion.open}
        title={deletion.asked ? b.deleteTitle(questionName(deletion.asked)) : ''}
        text={b.deleteText}
        confirmLabel={b.deleteConfirm}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      />
    </Box>
  );
}
