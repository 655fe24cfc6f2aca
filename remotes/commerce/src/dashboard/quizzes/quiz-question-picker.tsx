import { useId, useState } from 'react';
import { useFormikContext } from 'formik';
import type { QuestionType, QuizQuestion } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination } from '@shop/content-ui';
import { DataTable, FilterSelect, ListToolbar } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { QUIZ_QUESTIONS_MAX } from '@shop/validation';
import { Box, Button, Icon, IconButton, Paper, Stack, Typography } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText } from '@shop/ui-kit/lazy';
import { questionName } from './question-values';
import { quizStrings } from './quiz-dashboard-strings';
import { useGetQuizQuestionsQuery } from './quizzes-admin-api';

const st = quizStrings.settings;
const PER_PAGE = 10;
const BANK_COLUMNS = ['body', 'type', 'points', 'actions'] as const;

/** A question of a quiz as its form holds it: what its row shows. */
export type ChosenQuestion = Pick<QuizQuestion, 'id' | 'type' | 'body' | 'points'>;

/** What the quiz form keeps of its questions. */
interface WithQuestions {
  questions: ChosenQuestion[];
}

/** The course's bank in a dialog, searched and filtered by type, each question with «افزودن به آزمون» (or «در آزمون»). */
function BankDialog({ productId, open, onClose }: { productId: number; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const { values, setFieldValue } = useFormikContext<WithQuestions>();
  const [q, setQ] = useState('');
  const [type, setType] = useState<QuestionType | ''>('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching } = useGetQuizQuestionsQuery({ productId, page, per_page: PER_PAGE, q, type }, { skip: !open });
  const chosen = new Set(values.questions.map((question) => question.id));
  const add = ({ id, type: kind, body, points }: QuizQuestion) => void setFieldValue('questions', [...values.questions, { id, type: kind, body, points }]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{st.picker}</DialogTitle>
      <DialogContent dividers>
        <ListToolbar total={data?.meta.total} totalLabel={quizStrings.bank.total}>
          <DebouncedSearchBox
            value={q}
            onSearch={(next) => {
              setQ(next.trim());
              setPage(1);
            }}
            label={quizStrings.bank.search}
          />
          <FilterSelect
            label={quizStrings.bank.typeFilter}
            value={type}
            options={quizStrings.types}
            onChange={(next) => {
              setType(next);
              setPage(1);
            }}
          />
        </ListToolbar>
        <DataTable
          label={st.pickerList}
          columns={BANK_COLUMNS}
          labels={quizStrings.bank.columns}
          rows={data?.data}
          rowKey={(question) => question.id}
          cell={(question, column) => {
            switch (column) {
              case 'body':
                return questionName(question, 120);
              case 'type':
                return quizStrings.types[question.type];
              case 'points':
                return formatNumber(question.points);
              case 'actions':
                return chosen.has(question.id) ? (
                  <Typography variant="body2" color="text.secondary">
                    {st.added}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    startIcon={<Icon name="Add" />}
                    aria-label={st.add(questionName(question))}
                    disabled={values.questions.length >= QUIZ_QUESTIONS_MAX}
                    onClick={() => add(question)}
                  >
                    {st.addButton}
                  </Button>
                );
            }
          }}
          isLoading={isLoading}
          isFetching={isFetching}
          empty={st.pickerEmpty}
          minWidth={560}
        />
        <ListPagination meta={data?.meta} onChange={setPage} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{st.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One chosen question: its place, text, type and points, and move up, move down and remove. */
function ChosenRow({ question, index, count, move, remove }: { question: ChosenQuestion; index: number; count: number; move: (from: number, to: number) => void; remove: (index: number) => void }) {
  const name = questionName(question);
  return (
    <Stack component="li" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700, minWidth: '2ch' }}>{formatNumber(index + 1)}</Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{questionName(question, 120)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {quizStrings.types[question.type]}، {quizStrings.points(formatNumber(question.points))}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={st.up(name)} title={st.up(name)} disabled={index === 0} onClick={() => move(index, index - 1)}>
        <Icon name="ExpandMore" fontSize="small" sx={{ transform: 'rotate(180deg)' }} />
      </IconButton>
      <IconButton size="small" aria-label={st.down(name)} title={st.down(name)} disabled={index === count - 1} onClick={() => move(index, index + 1)}>
        <Icon name="ExpandMore" fontSize="small" />
      </IconButton>
      <IconButton size="small" color="error" aria-label={st.remove(name)} title={st.remove(name)} onClick={() => remove(index)}>
        <Icon name="Delete" fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/**
 * The questions of a quiz's form (issue 37 item 2): the chosen ones in order with their total
 * points, each moved up or down or removed, and «افزودن از بانک پرسش‌ها», a dialog of course
 * `productId`'s bank to add from. Reads and writes the form's `questions`; `error` is the
 * form's message about them (`question_ids`: none chosen, one from another course).
 */
export function QuizQuestionPicker({ productId, error }: { productId: number; error: string | null }) {
  const { values, setFieldValue } = useFormikContext<WithQuestions>();
  const [open, setOpen] = useState(false);
  const questions = values.questions;
  const total = questions.reduce((sum, question) => sum + question.points, 0);
  const move = (from: number, to: number) => {
    const next = [...questions];
    [next[from], next[to]] = [next[to]!, next[from]!];
    void setFieldValue('questions', next);
  };
  const remove = (index: number) => void setFieldValue('questions', questions.filter((_, i) => i !== index));
  return (
    <Paper component="section" variant="outlined" aria-label={st.questions} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {st.questions}
        </Typography>
        <Button variant="outlined" startIcon={<Icon name="Add" />} onClick={() => setOpen(true)}>
          {st.picker}
        </Button>
      </Stack>
      <Typography color="text.secondary" role="status" sx={{ mb: 1 }}>
        {st.totals(formatNumber(questions.length), formatNumber(total))}
      </Typography>
      {questions.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {st.noQuestions}
        </Typography>
      ) : (
        <Box component="ol" aria-label={st.questionsList} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {questions.map((question, index) => (
            <ChosenRow key={question.id} question={question} index={index} count={questions.length} move={move} remove={remove} />
          ))}
        </Box>
      )}
      {error && (
        <FormHelperText error role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
      <BankDialog productId={productId} open={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
