import { assignmentGradeSchema, assignmentSettingsSchema, assignmentSubmissionSchema } from './assignment-schemas';
import { validate } from './validate';

describe('assignment schemas (issue 37 item 3)', () => {
  it('reads a submission: its text trimmed (empty when absent), its uploads by id', async () => {
    expect(await validate(assignmentSubmissionSchema, { text: '  پاسخ من  ', upload_ids: ['a'.repeat(32)] })).toEqual({
      ok: true,
      value: { text: 'پاسخ من', upload_ids: ['a'.repeat(32)] },
    });
    expect(await validate(assignmentSubmissionSchema, {})).toEqual({ ok: true, value: { text: '', upload_ids: [] } });
  });

  it('refuses fields of the wrong type in Persian, never by throwing (the fuzzer sent a text as an array)', async () => {
    const submission = await validate(assignmentSubmissionSchema, { text: [], upload_ids: [[1]] });
    expect(submission.ok).toBe(false);
    expect(!submission.ok && Object.values(submission.errors).flat().every((message) => /[\u0600-\u06FF]/.test(message))).toBe(true);
    const grade = await validate(assignmentGradeSchema, { score: 70, feedback: {} });
    expect(!grade.ok && grade.errors.feedback?.[0]).toMatch(/[\u0600-\u06FF]/);
    const settings = await validate(assignmentSettingsSchema, { instructions: 'بنویسید', max_files: 1, max_file_size_mb: 5, allowed_types: [['pdf']], pass_score: 60 });
    expect(settings.ok).toBe(false);
  });

  it('reads the rules with lower-case extensions, and a grade of 0–100 in Persian digits', async () => {
    const settings = await validate(assignmentSettingsSchema, { instructions: 'بنویسید', max_files: '۲', max_file_size_mb: 5, allowed_types: [' PDF ', 'zip'], pass_score: '۶۰' });
    expect(settings).toMatchObject({ ok: true, value: { max_files: 2, allowed_types: ['pdf', 'zip'], pass_score: 60, allow_resubmit: 'until_passed', required_for_certificate: true } });
    const grade = await validate(assignmentGradeSchema, { score: '۱۰۱' });
    expect(!grade.ok && grade.errors.score?.[0]).toBeTruthy();
  });
});
