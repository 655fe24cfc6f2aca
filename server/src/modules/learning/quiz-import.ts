/**
 * Questions imported from a CSV file (issue 37 item 1: «Questions can be imported from a CSV
 * file»), all or nothing. The format, made in any spreadsheet and saved as «CSV UTF-8»:
 *
 * - UTF-8, with or without a BOM; fields separated by commas; a field holding a comma, a quote or
 *   a line break in double quotes (what spreadsheets write by themselves).
 * - The first row names the columns, in any order, in Persian or English (case, spaces and
 *   half-spaces ignored): `نوع`/`type`, `متن`/`text`, `امتیاز`/`points` (required);
 *   `گزینه‌ها`/`options`, `پاسخ`/`answer`, `تصویر`/`image`, `صدا`/`audio` (optional). Any other
 *   column is refused, so a misspelt one never loses data.
 * - Then one row per question (blank rows skipped, still counted, so «ردیف ۳» is the spreadsheet's
 *   row 3):
 *   - `نوع`: `single_choice`, `multiple_choice`, `true_false`, `short_answer`, `ordering`,
 *     `matching`, or the dashboard's Persian names («چندگزینه‌ای (یک پاسخ)», «چندگزینه‌ای (چند
 *     پاسخ)», «درست یا نادرست», «پاسخ کوتاه», «مرتب‌سازی», «جورکردنی»).
 *   - `متن`: the question as plain text; each line becomes a paragraph (HTML is shown as typed).
 *   - `امتیاز`: a whole number 0–100, Persian, Arabic-Indic or Latin digits.
 *   - `گزینه‌ها`: items separated by `|`. Choices: the right ones start with `*`
 *     (`*تهران|تبریز|شیراز`). Ordering: the items in their right order. Matching: each item
 *     `prompt=match` (`ایران=تهران|ژاپن=توکیو`). Empty for true/false and short answer.
 *   - `پاسخ`: true/false only `درست` or `نادرست` (`true`/`false`); short answer the accepted
 *     forms separated by `|`; empty for the other types (their answers are in `گزینه‌ها`).
 *   - `تصویر`, `صدا`: a public `/media/…` path, or empty.
 *
 * Every row is checked with the shared `quizQuestionSchema`, as one question sent to the API is.
 * A cell cannot hold a `|` inside an item.
 */
import { parse } from 'csv-parse/sync';
import type { QuestionType, QuizQuestionBody } from '@shop/contracts';
import { toPersianDigits } from '@shop/format';
import { quizQuestionSchema, validate, type QuizQuestionInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { escapeHtml } from '../../lib/mail';
import type { UploadedFile } from '../../lib/uploads';
import { getProductRef } from '../commerce';
import { createQuizQuestions } from './question-bank';

/** Largest CSV file accepted, KB. */
export const QUESTION_IMPORT_MAX_KB = 1024;
/** Most questions in one file. */
export const QUESTION_IMPORT_MAX_ROWS = 500;

type Column = 'type' | 'text' | 'points' | 'options' | 'answer' | 'image' | 'audio';

/** The Persian name of each column, as the file and the errors write it. */
const COLUMN_NAMES: Record<Column, string> = {
  type: 'نوع',
  text: 'متن',
  points: 'امتیاز',
  options: 'گزینه‌ها',
  answer: 'پاسخ',
  image: 'تصویر',
  audio: 'صدا',
};
const REQUIRED_COLUMNS: Column[] = ['type', 'text', 'points'];

/** Persian texts of the import's answers. */
export const QUIZ_IMPORT_MESSAGES = {
  imported: (count: number) => `${toPersianDigits(count)} پرسش از فایل به بانک پرسش‌های دوره افزوده شد.`,
  // No two Latin words in a row (the fuzzer's rule of a Persian message): «CSV» and «UTF-8» apart.
  notCsv: 'فایل باید CSV باشد (پسوند ‎.csv‎)؛ در صفحه‌گسترده، ذخیره با قالب «CSV» و کدگذاری «UTF-8» را برگزینید.',
  notUtf8: 'فایل CSV باید با کدگذاری UTF-8 ذخیره شده باشد؛ در اکسل، قالب «CSV» با کدگذاری «UTF-8» را برگزینید.',
  fileRequired: 'فایل CSV پرسش‌ها را برگزینید.',
  unreadable: (line: number) => `فایل CSV خوانا نیست (نزدیک سطر ${toPersianDigits(line)})؛ نقل‌قول‌ها (") را بررسی کنید.`,
  noQuestions: 'فایل پس از سطر سرستون‌ها پرسشی ندارد.',
  tooManyRows: `در هر فایل حداکثر ${toPersianDigits(QUESTION_IMPORT_MAX_ROWS)} پرسش پذیرفته می‌شود؛ فایل را چند بخش کنید.`,
  missingColumn: (name: string) => `ستون «${name}» در سطر نخست (سرستون‌ها) نیست.`,
  unknownColumn: (name: string) =>
    `ستون «${name}» شناخته نیست؛ ستون‌ها: ${Object.values(COLUMN_NAMES).map((column) => `«${column}»`).join('، ')}.`,
  rowError: (row: number, column: Column, message: string, item?: number) =>
    `ردیف ${toPersianDigits(row)}، ستون «${COLUMN_NAMES[column]}»${item === undefined ? '' : ` (مورد ${toPersianDigits(item)})`}: ${message}`,
  unknownType: 'نوع پرسش شناخته نیست؛ یکی از نوع‌های راهنما را بنویسید.',
  matchPair: 'هر مورد جورکردنی باید به شکل «گزینه=پاسخ» باشد.',
  trueOrFalse: 'برای پرسش درست یا نادرست «درست» یا «نادرست» بنویسید.',
  answerInOptions: 'پاسخ این نوع پرسش در ستون «گزینه‌ها» نوشته می‌شود (پاسخ‌های درست با * در آغاز)؛ این ستون را خالی بگذارید.',
  noOptionsHere: 'این نوع پرسش گزینه ندارد؛ این ستون را خالی بگذارید.',
} as const;


/** A header or type name compared loosely: lower case, Arabic ی/ک as Persian, no spaces, half-spaces or punctuation. */
const loose = (text: string) =>
  text
    .toLowerCase()
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[\s\u200c\u200f\u200e_\-()/]/g, '');

const HEADER_ALIASES: Record<string, Column> = Object.fromEntries(
  (
    [
      ['type', ['type', 'نوع', 'نوع پرسش']],
      ['text', ['text', 'body', 'متن', 'متن پرسش', 'پرسش']],
      ['points', ['points', 'امتیاز', 'نمره']],
      ['options', ['options', 'گزینه‌ها', 'گزینه ها']],
      ['answer', ['answer', 'answers', 'پاسخ', 'پاسخ‌ها']],
      ['image', ['image', 'تصویر']],
      ['audio', ['audio', 'صدا', 'فایل صوتی']],
    ] as Array<[Column, string[]]>
  ).flatMap(([column, names]) => names.map((name) => [loose(name), column])),
);

const TYPE_ALIASES: Record<string, QuestionType> = Object.fromEntries(
  (
    [
      ['single_choice', ['چندگزینه‌ای (یک پاسخ)', 'تک‌گزینه‌ای', 'تک پاسخ']],
      ['multiple_choice', ['چندگزینه‌ای (چند پاسخ)', 'چند پاسخ']],
      ['true_false', ['درست یا نادرست', 'درست/نادرست', 'صحیح/غلط']],
      ['short_answer', ['پاسخ کوتاه', 'کوتاه‌پاسخ']],
      ['ordering', ['مرتب‌سازی', 'ترتیب']],
      ['matching', ['جورکردنی', 'جور کردن']],
    ] as Array<[QuestionType, string[]]>
  ).flatMap(([type, names]) => [type, ...names].map((name) => [loose(name), type])),
);

const TRUE_WORDS = new Set(['درست', 'صحیح', 'true', 'ص', 'بله'].map(loose));
const FALSE_WORDS = new Set(['نادرست', 'غلط', 'false', 'غ', 'خیر'].map(loose));

/** Items of a `|` list, trimmed, empty ones dropped (a trailing `|` is harmless). */
const items = (cell: string) =>
  cell
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);

/** Plain text as the rich-text body: each line a paragraph, escaped (HTML is shown as typed). */
function paragraphs(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Column of a yup error path (`options[1].text` → options, item 2). */
function columnOfPath(path: string): { column: Column; item?: number } {
  const [, field = '', index] = /^([a-z_]+)(?:\[(\d+)\])?/.exec(path) ?? [];
  const item = index === undefined ? undefined : Number(index) + 1;
  switch (field) {
    case 'type':
    case 'points':
    case 'image':
    case 'audio':
      return { column: field };
    case 'options':
    case 'matches':
      return { column: 'options', item };
    case 'correct_boolean':
    case 'accepted_answers':
      return { column: 'answer', item };
    default:
      return { column: 'text' };
  }
}

/** Errors of one row, by `row-N.column`. */
type RowErrors = Record<string, string[]>;

function addError(errors: RowErrors, row: number, column: Column, message: string, item?: number) {
  const key = `row-${row}.${column}`;
  (errors[key] ??= []).push(QUIZ_IMPORT_MESSAGES.rowError(row, column, message, item));
}

/** The question body a row describes, and the errors its format has (before the schema's). */
function bodyOfRow(cells: Partial<Record<Column, string>>, row: number, errors: RowErrors): Record<string, unknown> {
  const typeCell = cells.type ?? '';
  const type = TYPE_ALIASES[loose(typeCell)];
  if (typeCell !== '' && !type) addError(errors, row, 'type', QUIZ_IMPORT_MESSAGES.unknownType);
  const list = items(cells.options ?? '');
  const answer = (cells.answer ?? '').trim();
  const body: Partial<Record<keyof QuizQuestionBody, unknown>> = {
    type: type ?? (typeCell === '' ? undefined : typeCell),
    body: paragraphs(cells.text ?? ''),
    points: cells.points,
    image: cells.image || null,
    audio: cells.audio || null,
  };
  if ((type === 'true_false' || type === 'short_answer') && list.length > 0) addError(errors, row, 'options', QUIZ_IMPORT_MESSAGES.noOptionsHere);
  if (type && type !== 'true_false' && type !== 'short_answer' && answer !== '') addError(errors, row, 'answer', QUIZ_IMPORT_MESSAGES.answerInOptions);
  switch (type) {
    case 'single_choice':
    case 'multiple_choice':
      body.options = list.map((item) => (item.startsWith('*') ? { text: item.slice(1).trim(), is_correct: true } : { text: item, is_correct: false }));
      break;
    case 'ordering':
      body.options = list.map((text) => ({ text }));
      break;
    case 'matching': {
      const pairs = list.map((item) => item.split('='));
      pairs.forEach((pair, index) => {
        if (pair.length !== 2) addError(errors, row, 'options', QUIZ_IMPORT_MESSAGES.matchPair, index + 1);
      });
      body.options = pairs.map(([prompt = '']) => ({ text: prompt.trim() }));
      body.matches = pairs.map(([, match = '']) => ({ text: match.trim() }));
      break;
    }
    case 'true_false': {
      const word = loose(answer);
      body.correct_boolean = TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : null;
      if (answer !== '' && body.correct_boolean === null) addError(errors, row, 'answer', QUIZ_IMPORT_MESSAGES.trueOrFalse);
      break;
    }
    case 'short_answer':
      body.accepted_answers = items(answer);
      break;
  }
  return body;
}

/**
 * The rows of a CSV file as raw cells; the first is the header.
 * @throws ApiError 415 when the bytes are not UTF-8 text; 422 `file` when the CSV cannot be read
 */
function csvRecords(file: UploadedFile): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.buffer);
  } catch {
    throw new ApiError(415, QUIZ_IMPORT_MESSAGES.notUtf8);
  }
  if (text.includes('\u0000')) throw new ApiError(415, QUIZ_IMPORT_MESSAGES.notCsv);
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (error) {
    throw validationFailed({ file: [QUIZ_IMPORT_MESSAGES.unreadable((error as { lines?: number }).lines ?? 1)] });
  }
}

/**
 * The columns of the header row, by position.
 * @throws ApiError 422 `file` for an unknown or missing column
 */
function columnsOf(header: string[]): Array<Column | null> {
  const columns = header.map((name) => (name === '' ? null : (HEADER_ALIASES[loose(name)] ?? name)));
  const unknown = columns.filter((column): column is string => column !== null && !(column in COLUMN_NAMES));
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (unknown.length > 0 || missing.length > 0) {
    throw validationFailed({ file: [...unknown.map(QUIZ_IMPORT_MESSAGES.unknownColumn), ...missing.map((column) => QUIZ_IMPORT_MESSAGES.missingColumn(COLUMN_NAMES[column]))] });
  }
  return columns as Array<Column | null>;
}

/**
 * The questions a CSV file describes (format in this file's header), each checked with the shared
 * `quizQuestionSchema`.
 * @throws ApiError 415 not a `.csv`/`text/csv` file or not UTF-8; 422 `file` (no header, unknown
 *   column, no rows, more than {@link QUESTION_IMPORT_MAX_ROWS}) or `row-N.<column>` naming each bad
 *   row and column in Persian («ردیف ۳، ستون «گزینه‌ها»: …»)
 */
export async function questionsOfCsv(file: UploadedFile | undefined): Promise<QuizQuestionInput[]> {
  if (!file) throw validationFailed({ file: [QUIZ_IMPORT_MESSAGES.fileRequired] });
  if (!/\.csv$/i.test(file.filename) && file.mimetype !== 'text/csv') throw new ApiError(415, QUIZ_IMPORT_MESSAGES.notCsv);
  const [header = [], ...records] = csvRecords(file);
  const columns = columnsOf(header);
  const rows = records.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (rows.length === 0) throw validationFailed({ file: [QUIZ_IMPORT_MESSAGES.noQuestions] });
  if (rows.length > QUESTION_IMPORT_MAX_ROWS) throw validationFailed({ file: [QUIZ_IMPORT_MESSAGES.tooManyRows] });
  const errors: RowErrors = {};
  const questions: QuizQuestionInput[] = [];
  for (const { row, cells } of rows) {
    const named: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      if (column) named[column] = cells[index] ?? '';
    });
    const rowErrors: RowErrors = {};
    const body = bodyOfRow(named, row, rowErrors);
    const result = await validate(quizQuestionSchema, body);
    if (!result.ok) {
      for (const [path, messages] of Object.entries(result.errors)) {
        const { column, item } = columnOfPath(path);
        // The format's own error on a column says more than the schema's on the same one.
        if (!rowErrors[`row-${row}.${column}`]) for (const message of messages) addError(rowErrors, row, column, message, item);
      }
    } else if (Object.keys(rowErrors).length === 0) questions.push(result.value);
    Object.assign(errors, rowErrors);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return questions;
}

/**
 * Imports the questions of a CSV file into course `productId`'s bank in one transaction, each a
 * question with its first version, audited as one created by hand; nothing is saved if any row is bad.
 * @returns how many questions were added
 * @throws ApiError 404 unknown course; 415 and 422 as {@link questionsOfCsv}
 */
export async function importQuizQuestions(db: Db, productId: number, file: UploadedFile | undefined, audit: AuditContext): Promise<number> {
  if (!(await getProductRef(db, productId))) throw notFound();
  const questions = await questionsOfCsv(file);
  return (await createQuizQuestions(db, productId, questions, audit)).length;
}

