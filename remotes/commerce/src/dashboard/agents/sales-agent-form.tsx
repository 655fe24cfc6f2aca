import { Form, Formik, type FormikErrors } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { SalesAgent } from '@shop/contracts';
import { EmailAddress } from '@shop/dashboard-ui';
import { FormNumberField, FormStatusAlert, FormSwitchField, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { fieldLabels, idField, messages, normalizeDigits, salesAgentSchema, validate } from '@shop/validation';
import { Box, Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { UserPicker } from '../financial/user-picker';
import { useCreateSalesAgentMutation, useUpdateSalesAgentMutation } from './sales-agents-api';
import { agentStrings } from '../../agent-strings';

const s = agentStrings.agents;

/** What the form holds: the user's id and the percent as picked or typed (any digits), the code as typed. */
export interface SalesAgentValues {
  user_id: string;
  code: string;
  percent: string;
  is_active: boolean;
}

const BLANK: SalesAgentValues = { user_id: '', code: '', percent: '', is_active: true };

/** Adding one names the user too: the shared schema with `user_id` required. */
const createSchema = salesAgentSchema.shape({ user_id: idField(fieldLabels.user_id).required(messages.required) });

/** The shared schema of the form: with the user when adding, without when changing an agent. */
const schemaFor = (agent: SalesAgent | null) => (agent ? salesAgentSchema : createSchema);

/** The values as the shared schema reads them: the user's id in Latin digits (empty: none), or none at all when changing an agent. */
function toInput(values: SalesAgentValues, agent: SalesAgent | null) {
  const userId = normalizeDigits(values.user_id).trim();
  return { code: values.code, percent: values.percent, is_active: values.is_active, ...(agent || userId === '' ? {} : { user_id: userId }) };
}

const valuesOf = (agent: SalesAgent): SalesAgentValues => ({ user_id: String(agent.user.id), code: agent.code, percent: String(agent.percent), is_active: agent.is_active });

/** Sends the checked values: `POST` with the user when adding, `PUT` without when changing `agent`. */
function useSaveAgent(agent: SalesAgent | null) {
  const [create] = useCreateSalesAgentMutation();
  const [update] = useUpdateSalesAgentMutation();
  return async (values: SalesAgentValues) => {
    const checked = await validate(schemaFor(agent), toInput(values, agent));
    if (!checked.ok) return null;
    const { user_id: userId, code, percent, is_active: isActive } = checked.value;
    const body = { code, percent, is_active: isActive };
    return agent ? update({ id: agent.id, body }).unwrap() : create({ ...body, user_id: userId! }).unwrap();
  };
}

/**
 * Super's form that makes a user a sales agent, or changes `agent` (issue 36 item 4; `POST
 * /api/dashboard/sales-agents`, `PUT …/:id`): the user (the manual orders' picker; adding only), a code
 * of Latin letters and digits (upper-cased), a percent of 1–50 (any digits) and whether the agent is
 * active, checked with the shared `salesAgentSchema`. The API's 422 (a user already an agent, a code
 * taken) shows under its field in Persian and keeps what was typed; a success toasts the server's
 * message, empties the form and calls `onDone`.
 * @param agent the agent being changed, or null to add one
 * @param onCancel shown as «انصراف از ویرایش» while changing an agent
 */
export function SalesAgentForm({ agent, onDone, onCancel }: { agent: SalesAgent | null; onDone: () => void; onCancel: () => void }) {
  const save = useSaveAgent(agent);
  const heading = agent ? s.editing(agent.user.full_name) : s.add;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 3 }}>
      <Formik<SalesAgentValues>
        initialValues={agent ? valuesOf(agent) : BLANK}
        initialStatus={{}}
        validate={async (values): Promise<FormikErrors<SalesAgentValues>> => {
          const result = await validate(schemaFor(agent), toInput(values, agent));
          return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<SalesAgentValues>);
        }}
        validateOnBlur
        validateOnChange
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          try {
            const answer = await save(values);
            if (!answer) return;
            helpers.resetForm({ values: BLANK, status: {} });
            enqueueSnackbar(answer.message, { variant: 'success' });
            onDone();
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={heading}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              {heading}
            </Typography>
            <Stack spacing={2} useFlexGap>
              {agent ? (
                <Box>
                  <Typography color="text.secondary">{s.fields.user}</Typography>
                  <Typography sx={{ fontWeight: 500 }}>
                    {agent.user.full_name} — <EmailAddress email={agent.user.email} />
                  </Typography>
                </Box>
              ) : (
                <UserPicker />
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
                <FormTextField name="code" label={s.fields.code} help={s.fields.codeHelp} maxLength={32} ltr />
                <FormNumberField name="percent" label={s.fields.percent} help={s.fields.percentHelp} />
              </Stack>
              <FormSwitchField name="is_active" label={s.fields.is_active} />
            </Stack>
            <FormStatusAlert />
            <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', mt: 2 }}>
              {agent && (
                <Button onClick={onCancel} disabled={isSubmitting}>
                  {s.cancelEdit}
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? s.saving : agent ? s.save : s.create}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
