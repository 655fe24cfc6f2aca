import { useState } from 'react';
import { Formik, Form, type FormikErrors, type FormikTouched } from 'formik';
import { claimApiError, siteInformationApi } from '@shop/api-client';
import { Alert, Button, Container, Link as MuiLink, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { TICKET_TEXT_MAX, TICKET_TITLE_MAX, ticketSchema, type TicketInput } from '@shop/validation';
import { FormTextField, toFormikErrors } from '@shop/forms';
import { useSendTicketMutation } from './tickets-api';
import { t } from '../strings';

interface FormStatus {
  error?: string;
  success?: string;
}

const EMPTY: TicketInput = { title: '', text: '' };

function ClosedNotice() {
  return (
    <Alert severity="info" role="status">
      <strong>{t.contactUs.closedTitle}</strong> — {t.contactUs.closed}
    </Alert>
  );
}

/**
 * `/contact-us` (SPEC §2: signed in with a verified email, guard `email-verified`): the ticket
 * form (subject and message, formik with the shared `ticketSchema`), sent as `POST /api/tickets`.
 * On success a confirmation with a link to the ticket's thread list in the profile
 * (`/profile#tickets`, issue 32 item 3) and an empty form; when the site switch `tickets_enabled`
 * is off (or the server answers so) a notice instead of the form.
 */
export default function ContactUsPage() {
  const { data: site, isLoading } = siteInformationApi.useGetSiteInformationQuery();
  const [sendTicket] = useSendTicketMutation();
  const [closedByServer, setClosedByServer] = useState(false);
  const closed = closedByServer || site?.data.tickets_enabled === false;

  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t.contactUs.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.contactUs.intro}
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={280} />
      ) : closed ? (
        <ClosedNotice />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Formik<TicketInput>
            initialValues={EMPTY}
            initialStatus={{}}
            validationSchema={ticketSchema}
            validateOnBlur
            validateOnChange
            onSubmit={async (values, { setErrors, setTouched, setStatus, resetForm }) => {
              setStatus({});
              try {
                const result = await sendTicket({ title: values.title.trim(), text: values.text.trim() }).unwrap();
                resetForm({ values: EMPTY, status: { success: result.message || t.contactUs.sent } satisfies FormStatus });
              } catch (error) {
                const { status, message, fieldErrors } = claimApiError(error as Parameters<typeof claimApiError>[0]);
                if (status === 403 && /forbidden/i.test(message ?? '')) {
                  setClosedByServer(true);
                  return;
                }
                if (status === 422 && Object.keys(fieldErrors).length > 0) {
                  const errors = toFormikErrors(fieldErrors) as FormikErrors<TicketInput>;
                  const touched = Object.fromEntries(Object.keys(errors).map((field) => [field, true])) as FormikTouched<TicketInput>;
                  await setTouched(touched, false);
                  setErrors(errors);
                  setStatus({ error: t.contactUs.fixErrors } satisfies FormStatus);
                  return;
                }
                setStatus({ error: message ?? t.contactUs.failed } satisfies FormStatus);
              }
            }}
          >
            {({ isSubmitting, status }) => {
              const { error, success } = (status ?? {}) as FormStatus;
              return (
                <Form noValidate aria-label={t.contactUs.form}>
                  <Stack spacing={2} useFlexGap>
                    <FormTextField name="title" label={t.contactUs.subject} maxLength={TICKET_TITLE_MAX} disabled={isSubmitting} />
                    <FormTextField
                      name="text"
                      label={t.contactUs.text}
                      help={t.contactUs.textHelp}
                      multiline
                      minRows={6}
                      maxLength={TICKET_TEXT_MAX}
                      disabled={isSubmitting}
                    />
                    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                      <Button type="submit" variant="contained" disabled={isSubmitting}>
                        {isSubmitting ? t.contactUs.sending : t.contactUs.send}
                      </Button>
                    </Stack>
                    {error && (
                      <Alert severity="error" role="alert">
                        {error}
                      </Alert>
                    )}
                    {success && (
                      <Alert severity="success" role="status">
                        <span>{success}</span>{' '}
                        <MuiLink component={Link} to="/profile#tickets">
                          {t.contactUs.myTickets}
                        </MuiLink>
                      </Alert>
                    )}
                  </Stack>
                </Form>
              );
            }}
          </Formik>
        </Paper>
      )}
    </Container>
  );
}
