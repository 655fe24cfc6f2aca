import { useEffect, useRef, useState, type ReactNode } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { InstalmentPlan, Product } from '@shop/contracts';
import { ConfirmDialog } from '@shop/content-ui';
import { DataTable } from '@shop/dashboard-ui';
import { formatNumber, formatToman } from '@shop/format';
import { Alert, Box, Icon, IconButton, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { describePlan } from '../../products/describe-plan';
import { InstalmentPlanForm } from './instalment-plan-form';
import { useDeleteInstalmentPlanMutation, useGetInstalmentPlansQuery } from './instalment-plans-api';
import { t } from '../../strings';

const COLUMNS = ['plan', 'surcharge', 'grace_days', 'is_active', 'actions'] as const;

/** One cell of a plan: its terms in a line, the surcharge, the grace days, offered or not, and edit and delete. */
function cellOf(plan: InstalmentPlan, column: (typeof COLUMNS)[number], act: { edit: (plan: InstalmentPlan) => void; remove: (plan: InstalmentPlan) => void }): ReactNode {
  const summary = describePlan(plan);
  switch (column) {
    case 'plan':
      return summary;
    case 'surcharge':
      return plan.surcharge > 0 ? formatToman(plan.surcharge) : t.instalmentPlans.noSurcharge;
    case 'grace_days':
      return t.instalmentPlans.days(formatNumber(plan.grace_days));
    case 'is_active':
      return plan.is_active ? (
        <Chip size="small" color="success" label={t.instalmentPlans.active} />
      ) : (
        <Chip size="small" variant="outlined" label={t.instalmentPlans.inactive} />
      );
    case 'actions':
      return (
        <Stack direction="row" spacing={0.5}>
          <IconButton size="small" aria-label={t.instalmentPlans.edit(summary)} title={t.instalmentPlans.edit(summary)} onClick={() => act.edit(plan)}>
            <Icon name="Edit" fontSize="small" />
          </IconButton>
          <IconButton size="small" color="error" aria-label={t.instalmentPlans.delete(summary)} title={t.instalmentPlans.delete(summary)} onClick={() => act.remove(plan)}>
            <Icon name="Delete" fontSize="small" />
          </IconButton>
        </Stack>
      );
  }
}

/** Deleting a plan after a confirmation; the server's refusal (or no answer) is kept to show above the list. */
function usePlanDelete(productId: number, onDeleted: (plan: InstalmentPlan) => void) {
  const [remove, { isLoading }] = useDeleteInstalmentPlanMutation();
  // The plan the dialog asks about stays named while the dialog closes.
  const [asked, setAsked] = useState<InstalmentPlan | null>(null);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      const answer = await remove({ productId, planId: asked.id }).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
      onDeleted(asked);
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? t.instalmentPlans.deleteFailed);
    }
    setOpen(false);
  };
  const ask = (plan: InstalmentPlan) => {
    setAsked(plan);
    setOpen(true);
  };
  return { ask, asked, open, cancel: () => setOpen(false), confirm, pending: isLoading, refusal, clearRefusal: () => setRefusal(null) };
}

/**
 * «طرح‌های اقساط» on a course's edit page (issue 36 item 2; manage-products): the course's plans,
 * active or not, each with its terms, surcharge, grace days and edit and delete (after a confirmation:
 * purchases made keep their terms), then the form that adds one or changes the one being edited, with
 * a sample schedule at the course's saved price. A free course is said to be offered no plan.
 */
export function InstalmentPlansSection({ product }: { product: Product }) {
  const { data, isLoading, isFetching } = useGetInstalmentPlansQuery(product.id);
  const [editing, setEditing] = useState<InstalmentPlan | null>(null);
  const deletion = usePlanDelete(product.id, (plan) => setEditing((current) => (current?.id === plan.id ? null : current)));
  const formBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing) formBox.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  return (
    <Paper component="section" variant="outlined" aria-labelledby="instalment-plans-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderRadius: 3 }}>
      <Typography id="instalment-plans-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t.instalmentPlans.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.instalmentPlans.intro}
      </Typography>
      {product.price === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.instalmentPlans.freeCourse}
        </Alert>
      )}
      {deletion.refusal && (
        <Alert severity="error" role="alert" onClose={deletion.clearRefusal} sx={{ mb: 2 }}>
          {deletion.refusal}
        </Alert>
      )}
      <DataTable
        label={t.instalmentPlans.list}
        columns={COLUMNS}
        labels={t.instalmentPlans.columns}
        rows={data?.data}
        rowKey={(plan) => plan.id}
        cell={(plan, column) => cellOf(plan, column, { edit: setEditing, remove: deletion.ask })}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.instalmentPlans.empty}
        minWidth={640}
      />
      <Box ref={formBox} sx={{ mt: 3, scrollMarginTop: 80 }}>
        <InstalmentPlanForm
          key={editing?.id ?? 'new'}
          productId={product.id}
          price={product.price}
          plan={editing}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      </Box>
      <ConfirmDialog
        open={deletion.open}
        title={deletion.asked ? t.instalmentPlans.deleteTitle(describePlan(deletion.asked)) : ''}
        text={t.instalmentPlans.deleteText}
        confirmLabel={t.instalmentPlans.deleteConfirm}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      />
    </Paper>
  );
}
