import { useId, useState, type ChangeEvent } from 'react';
import { getIn, useFormikContext } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { AUDIO_EXTENSIONS, IMAGE_EXTENSIONS } from '@shop/validation';
import { Box, Button, CircularProgress, Icon, Stack, Typography } from '@shop/ui-kit';
import { FormHelperText } from '@shop/ui-kit/lazy';
import type { QuestionFormValues } from './question-values';
import { quizStrings } from './quiz-dashboard-strings';
import { useUploadQuizMediaMutation } from './quizzes-admin-api';

const m = quizStrings.form.media;

/** What each media field accepts and says. */
const KINDS = {
  image: { label: m.image, choose: m.chooseImage, remove: m.removeImage, help: m.imageHelp, accept: IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',') + ',image/*' },
  audio: { label: m.audio, choose: m.chooseAudio, remove: m.removeAudio, help: m.audioHelp, accept: AUDIO_EXTENSIONS.map((ext) => `.${ext}`).join(',') + ',audio/*' },
} as const;

/**
 * One of the question's media: a chosen file is uploaded at once (`POST /dashboard/quiz-media`) and
 * its `/media/…` path becomes the field's value; shown as a preview image or an audio player, with
 * «حذف» to clear it. The server's refusal (413, 415) shows under the field.
 */
function MediaField({ name }: { name: 'image' | 'audio' }) {
  const kind = KINDS[name];
  const inputId = useId();
  const { values, errors, setFieldValue, isSubmitting } = useFormikContext<QuestionFormValues>();
  const [upload, { isLoading }] = useUploadQuizMediaMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const path = values[name];
  const fieldError = getIn(errors, name) as string | undefined;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    try {
      const answer = await upload(file).unwrap();
      await setFieldValue(name, answer.data.path);
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? m.failed);
    }
  };
  const message = refusal ?? fieldError;
  return (
    <Stack spacing={1} useFlexGap role="group" aria-label={kind.label}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
        {kind.label}
      </Typography>
      {path &&
        (name === 'image' ? (
          <Box component="img" src={path} alt={m.preview} sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 1 }} />
        ) : (
          <Box component="audio" controls preload="none" src={path} aria-label={kind.label} sx={{ width: '100%', maxWidth: 480 }} />
        ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" htmlFor={inputId} size="small" variant="outlined" startIcon={<Icon name="UploadFile" />} disabled={isLoading || isSubmitting}>
          {kind.choose}
          <input id={inputId} type="file" accept={kind.accept} hidden onChange={(event) => void choose(event)} />
        </Button>
        {path && (
          <Button size="small" color="error" startIcon={<Icon name="Delete" />} disabled={isLoading || isSubmitting} onClick={() => void setFieldValue(name, null)}>
            {kind.remove}
          </Button>
        )}
        {isLoading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} aria-hidden />
            <Typography variant="body2">{m.uploading}</Typography>
          </Stack>
        )}
      </Stack>
      <FormHelperText error={Boolean(message)} role={message ? 'alert' : undefined} sx={{ mx: 0 }}>
        {message ?? kind.help}
      </FormHelperText>
    </Stack>
  );
}

/** The question's optional image and audio clip (issue 37 item 1), each uploaded as soon as it is chosen. */
export function QuestionMediaFields() {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {m.legend}
      </Typography>
      <Stack spacing={2} useFlexGap>
        <MediaField name="image" />
        <MediaField name="audio" />
      </Stack>
    </Box>
  );
}
