import { useEffect, useState } from 'react';
import { hasPermission, type ForensicIdentification } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { useIdParam } from '@shop/content-ui';
import { FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { formatFileSize, formatJalaliDate } from '@shop/format';
import { Alert, Box, Button, Paper, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { FORENSIC_PATHS } from './forensic-paths';
import { forensicStrings as s } from './forensic-strings';
import { CannotSayState, FailedState, IdentifiedState, PendingState } from './forensic-verdict';
import { isPending, useGetForensicIdentificationQuery } from './forensics-admin-api';
import { RevocationDialog, RevocationSummary } from './revocation-dialog';

const r = s.result;
/** How often a queued or processing identification is read again, ms. */
const POLL_MS = 2_000;

/** What was sent: the course and session, the file, who sent it and when, and when the comparison ended. */
function CopySummary({ identification }: { identification: ForensicIdentification }) {
  const rows: Array<[string, string]> = [
    [r.course, identification.product_title],
    [r.session, identification.session_title],
    [r.file, `${identification.file_name} (${formatFileSize(identification.file_size)})`],
    [r.sentBy, identification.created_by.full_name],
    [r.sentAt, formatJalaliDate(identification.created_at, { withTime: true })],
    ...(identification.finished_at ? [[r.finishedAt, formatJalaliDate(identification.finished_at, { withTime: true })] as [string, string]] : []),
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={r.summary} sx={{ p: 2, borderRadius: 3 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {r.summary}
        </Typography>
        <Chip size="small" label={s.status[identification.status]} />
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The verdict of an identification by its status: progress, failure, a named account or why nobody is named. */
function Verdict({ identification }: { identification: ForensicIdentification }) {
  if (isPending(identification)) return <PendingState identification={identification} />;
  if (identification.status === 'failed') return <FailedState identification={identification} />;
  if (identification.verdict === 'identified' && identification.user) return <IdentifiedState identification={identification} />;
  return <CannotSayState identification={identification} />;
}

/** Revoking the named account: the revocation once made, else the button and its dialog (staff with manage-refunds). */
function Revocation({ identification }: { identification: ForensicIdentification }) {
  const [open, setOpen] = useState(false);
  const mayRevoke = hasPermission(useAppSelector(selectCurrentUser), 'manage-refunds');
  if (identification.revocation) return <RevocationSummary revocation={identification.revocation} />;
  if (identification.status !== 'done' || identification.verdict !== 'identified' || !identification.user) return null;
  if (!mayRevoke) return <Typography color="text.secondary">{s.revoke.noPermission}</Typography>;
  return (
    <Box>
      <Button variant="contained" color="error" onClick={() => setOpen(true)}>
        {s.revoke.button}
      </Button>
      <RevocationDialog identification={identification} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

/**
 * `/dashboard/forensics/:identificationId` (manage-product-sessions; issue 38 items 3 and 4): an
 * identification's result, read again every 2 s while queued or processing: the named account with
 * the confidence and the evidence, or why nobody can be named and what to try, or the failure; from a
 * named account, staff with manage-refunds revoke its access with a reason, and the revocation shows.
 */
export default function ForensicIdentificationPage() {
  const id = useIdParam('identificationId');
  const [polling, setPolling] = useState(true);
  const { data, isError } = useGetForensicIdentificationQuery(id, { pollingInterval: polling ? POLL_MS : 0, refetchOnMountOrArgChange: true });
  const identification = data?.data;
  const pending = identification ? isPending(identification) : true;
  useEffect(() => setPolling(pending), [pending]);
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageHeader title={identification ? r.titleOf(identification.session_title) : r.title} parents={[{ label: r.list, to: FORENSIC_PATHS.list }]} />
      {isError && !identification ? (
        <Alert severity="error">{r.failedToLoad}</Alert>
      ) : identification ? (
        <Stack spacing={3} useFlexGap>
          <Verdict identification={identification} />
          <Revocation identification={identification} />
          <CopySummary identification={identification} />
        </Stack>
      ) : (
        <FormSkeleton />
      )}
    </Box>
  );
}
