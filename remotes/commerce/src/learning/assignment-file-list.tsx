import type { AssignmentFile } from '@shop/contracts';
import { formatFileSize } from '@shop/format';
import { Icon, IconButton, Link, Stack, Typography } from '@shop/ui-kit';
import { assignmentStrings as t } from './assignment-strings';

/**
 * The files of an assignment's submission (issue 37 item 3), each a download through the link
 * signed for the viewer (the buyer on their session page, staff on the grading page) with its size
 * («۲٫۳ مگابایت»), and a remove button for each when `onRemove` is given (a buyer's files not sent yet).
 */
export function AssignmentFileList({ files, onRemove }: { files: AssignmentFile[]; onRemove?: (file: AssignmentFile) => void }) {
  return (
    <Stack component="ul" spacing={0.5} useFlexGap sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {files.map((file) => (
        <Stack component="li" key={file.id} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Icon name="UploadFile" fontSize="small" />
          {file.url ? (
            <Link href={file.url} download={file.name}>
              <bdi>{file.name}</bdi>
            </Link>
          ) : (
            <bdi>{file.name}</bdi>
          )}
          <Typography variant="body2" color="text.secondary">
            {formatFileSize(file.size)}
          </Typography>
          {onRemove && (
            <IconButton size="small" aria-label={t.form.remove(file.name)} onClick={() => onRemove(file)}>
              <Icon name="Delete" fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
