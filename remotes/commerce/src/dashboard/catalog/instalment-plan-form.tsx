import { Form, Formik, useFormikContext, type FormikErrors } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { planSchedule, type InstalmentPlan, type InstalmentPlanBody } from '@shop/contracts';
import { formatToman } from '@shop/format';
import { FormNumberField, FormStatusAlert, FormSwitchField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { instalmentPlanSchema, validate } from '@shop/validation';
import { Box, Button, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { InstalmentScheduleTable } from '../../products/instalment-schedule-table';
import { useCreateInstalmentPlanMutation, useUpdateInstalmentPlanMutation } from './instalment-plans-api';
import { t } from '../../strings';

/** What the plan form holds: the numbers as typed (any digits, «٬» allowed), and whether the plan is offered. */
export interface InstalmentPlanValues {
  parts: string;
  first_share_percent: string;
  days_between: string;
  surcharge: string;
  grace_days: string;
  is_active: boolean;
}

/** A new plan starts from the shared schema's defaults: no surcharge, 7 days' grace, active. */
const BLANK: InstalmentPlanValues = { parts: '', first_share_percent: '', days_between: '', surcharge: '0', grace_days: '7', is_active: true };

const valuesOf = (plan: InstalmentPlan): InstalmentPlanValues => ({
  parts: String(plan.parts),
  first_share_percent: String(plan.first_share_percent),
  days_between: String(plan.days_between),
  surcharge: String(plan.surcharge),
  grace_days: String(plan.grace_days),
  is_active: plan.is_active,
});

/** Checks the values with the shared `instalmentPlanSchema` (the server runs the same); Persian messages under the fields. */
async function validateValues(values: InstalmentPlanValues): Promise<FormikErrors<InstalmentPlanValues>> {
  const result = await validate(instalmentPlanSchema, values);
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<InstalmentPlanValues>);
}

/** The plan as typed, once every field passes the shared rules; else null. */
function typedPlan(values: InstalmentPlanValues) {
  try {
    return instalmentPlanSchema.validateSync(values, { stripUnknown: true });
  } catch {
    return null;
  }
}

/** The schedule the typed plan would give a buyer of the course at its price today, or why there is none yet. */
function SampleSchedule({ price }: { price: number }) {
  const { values } = useFormikContext<InstalmentPlanValues>();
  const plan = typedPlan(values);
  // A free course is offered no plan: there is nothing to split.
  if (price === 0) return null;
  if (!plan) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t.instalmentPlans.sampleWaiting}
      </Typography>
    );
  }
  const { total, schedule } = planSchedule(plan, price, new Date());
  const label = t.instalmentPlans.sample(formatToman(price));
  return (
    <Stack spacing={1} useFlexGap>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <InstalmentScheduleTable schedule={schedule} label={label} />
      <Typography variant="body2">{t.instalmentPlans.sampleTotal(formatToman(total, { zeroIsFree: false }))}</Typography>
    </Stack>
  );
}

/**
 * The form that adds a plan to a course, or changes `plan` (issue 36 item 2; manage-products): parts,
 * the first part's percent, days between parts, a surcharge in tomans and the grace days (any digits),
 * and whether it is offered, checked with the shared `instalmentPlanSchema`; while the values pass, a
 * sample schedule for the course at `price` bought today. The API's field errors show under their
 * fields and keep what was typed; a success toasts the server's message, empties the form and calls
 * `onDone`.
 * @param plan the plan being changed, or null to add one
 * @param onCancel shown as «انصراف از ویرایش» while changing a plan
 */
export function InstalmentPlanForm({
  productId,
  price,
  plan,
  onDone,
  onCancel,
}: {
  productId: number;
  price: number;
  plan: InstalmentPlan | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [create] = useCreateInstalmentPlanMutation();
  const [update] = useUpdateInstalmentPlanMutation();
  const heading = plan ? t.instalmentPlans.editing : t.instalmentPlans.add;
  const f = t.instalmentPlans.fields;
  return (
    <Formik<InstalmentPlanValues>
      initialValues={plan ? valuesOf(plan) : BLANK}
      initialStatus={{}}
      validate={validateValues}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        const checked = await validate(instalmentPlanSchema, values);
        if (!checked.ok) return;
        const body = checked.value as InstalmentPlanBody;
        try {
          const answer = plan ? await update({ productId, planId: plan.id, body }).unwrap() : await create({ productId, body }).unwrap();
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
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
            {heading}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormNumberField name="parts" label={f.parts} help={f.partsHelp} />
            <FormNumberField name="first_share_percent" label={f.first_share_percent} help={f.firstShareHelp} />
            <FormNumberField name="days_between" label={f.days_between} help={f.daysBetweenHelp} />
            <FormNumberField name="grace_days" label={f.grace_days} help={f.graceDaysHelp} />
            <FormNumberField name="surcharge" label={f.surcharge} help={f.surchargeHelp} grouped />
          </Box>
          <Box sx={{ mt: 1 }}>
            <FormSwitchField name="is_active" label={f.is_active} />
          </Box>
          <Box sx={{ mt: 2 }}>
            <SampleSchedule price={price} />
          </Box>
          <FormStatusAlert />
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', mt: 2 }}>
            {plan && (
              <Button onClick={onCancel} disabled={isSubmitting}>
                {t.instalmentPlans.cancelEdit}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? t.instalmentPlans.saving : plan ? t.instalmentPlans.save : t.instalmentPlans.create}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
