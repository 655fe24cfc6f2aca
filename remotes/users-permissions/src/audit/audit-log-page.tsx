import { lazy, Suspense, type ReactNode } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity, type AuditEntry, type AuditFields } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber, plainTextExcerpt, toPersianDigits } from '@shop/format';
import { Link } from '@shop/router';
import { Alert, Box, CircularProgress, Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { DataTable, ExportCsvButton, FilterSelect, ListToolbar, PageHeader, filterOf } from '@shop/dashboard-ui';
import { AUDIT_LOG_EXPORT_PATH, useGetAuditLogQuery } from './audit-api';
import { t } from '../strings';

// The Jalali day pickers (`@shop/ui-kit/date-pickers`) load with this page only.
const AuditDateRange = lazy(() => import('./audit-date-range'));

const PER_PAGE = 20;
const COLUMNS = ['created_at', 'actor', 'ip', 'entity', 'action'] as const;
const ENTITY_OPTIONS = Object.fromEntries(AUDIT_ENTITIES.map((entity) => [entity, t.audit.entities[entity]])) as Record<AuditEntity, string>;
const ACTION_OPTIONS = Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, t.audit.actions[action]])) as Record<AuditAction, string>;
/** An ISO 8601 instant as the API writes them. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const EXCERPT_LENGTH = 140;

/** The fields whose values are names from a fixed list (statuses, kinds, types), shown by their Persian names. */
const ENUMERATED_FIELDS = new Set(['kind', 'status', 'type', 'payment_status', 'source', 'comment_status', 'product_status', 'write_comment_status', 'media_status', 'media_kind']);

/**
 * A field's value as a person reads it: yes/no, Persian digits, Jalali dates, HTML as plain text,
 * a listed status or kind by its Persian name, an item (`{id, title}`) by its title.
 */
function readable(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return t.audit.empty_value;
  if (typeof value === 'boolean') return value ? t.audit.yes : t.audit.no;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatJalaliDate(value, { withTime: true });
    if (ENUMERATED_FIELDS.has(field) && Object.hasOwn(t.audit.values, value)) return t.audit.values[value]!;
    return toPersianDigits(plainTextExcerpt(value, EXCERPT_LENGTH));
  }
  if (Array.isArray(value)) return value.length === 0 ? t.audit.empty_value : value.map((item) => readable(item, field)).join('، ');
  if (typeof value === 'object' && typeof (value as { title?: unknown }).title === 'string') return readable((value as { title: string }).title);
  return JSON.stringify(value);
}

/** The dashboard page of an entry's entity, when it has one and was not deleted by it. */
function entityPath(entry: AuditEntry): string | null {
  if (entry.entity_type === 'user_device') {
    // A device staff removed (issue 38) is seen, with the others, on its user's page.
    const userId = (entry.after ?? entry.before)?.user_id;
    return typeof userId === 'number' ? `/dashboard/users/${userId}` : null;
  }
  if (entry.action === 'delete') return null;
  const id = entry.entity_id;
  switch (entry.entity_type) {
    case 'post':
      return `/dashboard/posts/${id}`;
    case 'podcast':
      return `/dashboard/podcasts/${id}`;
    case 'product':
      return `/dashboard/products/${id}`;
    case 'product_session':
      return `/dashboard/product-sessions/${id}`;
    case 'forensic_identification':
      // The identification a revocation was made from (issue 38 item 4), with its evidence.
      return `/dashboard/forensics/${id}`;
    case 'user':
      return `/dashboard/users/${id}`;
    case 'permission':
      return `/dashboard/permissions/${id}`;
    case 'order':
      return `/dashboard/financial-info/orders/${id}`;
    case 'order_item': {
      const orderId = entry.after?.order_id;
      return typeof orderId === 'number' ? `/dashboard/financial-info/orders/${orderId}` : null;
    }
    case 'comment':
      return '/dashboard/comments';
    case 'ticket':
      return '/dashboard/contact-us';
    case 'announcement':
      return `/dashboard/announcements/${id}`;
    case 'link':
      return `/dashboard/links/${id}`;
    case 'discount_code':
      return `/dashboard/discount-codes/${id}`;
    case 'gift_card':
      return '/dashboard/financial-info/gift-cards';
    case 'wallet_entry': {
      // Staff's credit or debit (issue 36 item 3): the entry is seen in its user's wallet.
      const userId = entry.after?.user_id;
      return typeof userId === 'number' ? `/dashboard/financial-info/wallets/${userId}` : null;
    }
    case 'instalment_plan': {
      // A course's plan to buy it in parts (issue 36 item 2) is edited on its course's page.
      const productId = (entry.after ?? entry.before)?.product_id;
      return typeof productId === 'number' ? `/dashboard/products/${productId}` : null;
    }
    case 'instalment_purchase':
      return '/dashboard/financial-info/instalments';
    case 'quiz_question': {
      // A question of a course's bank (issue 37) is edited in its course's question bank.
      const productId = (entry.after ?? entry.before)?.product_id;
      return typeof productId === 'number' ? `/dashboard/products/${productId}/quiz-questions` : null;
    }
    case 'quiz':
      return `/dashboard/product-sessions/${id}/quiz`;
    case 'assignment':
      return `/dashboard/product-sessions/${id}/assignment`;
    case 'assignment_submission':
      // A submission graded from the assignments queue (issue 37 item 3) has its own grading page.
      return `/dashboard/assignments/${id}`;
    case 'sales_agent':
      return '/dashboard/sales-agents';
    case 'agent_payout':
      return '/dashboard/financial-info/agent-payouts';
    case 'site_information':
      return '/dashboard/site-information';
    case 'terms':
      return '/dashboard/terms-and-conditions';
    case 'remote_release':
      // Every remote's versions are on the shell's one releases page (issue 35 item 5).
      return '/dashboard/releases';
  }
}

/** The fields of an entry, field by field: before ← after for an update, the one side otherwise. */
function Changes({ entry }: { entry: AuditEntry }) {
  const before: AuditFields = entry.before ?? {};
  const after: AuditFields = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Typography variant="body2" color="text.secondary">{t.audit.noFields}</Typography>;
  return (
    <Box component="dl" aria-label={t.audit.changesOf(formatNumber(entry.id))} sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      {fields.map((field) => (
        <Stack key={field} direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, minWidth: '8rem' }}>
            {t.audit.fields[field] ?? field}
          </Typography>
          {entry.before && (
            <Typography component="dd" variant="body2" title={t.audit.before} sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {entry.after ? <del>{readable(before[field], field)}</del> : readable(before[field], field)}
            </Typography>
          )}
          {entry.before && entry.after && (
            <Typography component="span" aria-hidden variant="body2" color="text.secondary">
              ←
            </Typography>
          )}
          {entry.after && (
            <Typography component="dd" variant="body2" title={t.audit.after} sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {entry.before ? <ins>{readable(after[field], field)}</ins> : readable(after[field], field)}
            </Typography>
          )}
        </Stack>
      ))}
    </Box>
  );
}

/** The error of a refused filter (422: a date that is not one, a range upside down), in Persian. */
function filterError(error: unknown): string | null {
  const data = (error as { status?: unknown; data?: { message?: string; errors?: Record<string, string[]> } } | undefined)?.data;
  if ((error as { status?: unknown } | undefined)?.status !== 422 || !data) return null;
  return Object.values(data.errors ?? {})[0]?.[0] ?? data.message ?? null;
}

/**
 * `/dashboard/audit-log` (issue 26, super users only): every change made through the dashboard,
 * newest first, with who, when, from which address, what and the fields before and after (field
 * by field, Persian names). Filters by person (name), entity, action and a Jalali date range, all
 * kept in the URL (`actor`, `entity_type`, `action`, `from`, `to`, `page`); each entry links to its
 * entity's dashboard page when there is one; «خروجی CSV» downloads the filtered entries.
 */
export default function AuditLogPage() {
  const [params, update] = useUrlParams();
  const actor = params.get('actor') ?? '';
  const entity = filterOf<AuditEntity>(params.get('entity_type'), ENTITY_OPTIONS);
  const action = filterOf<AuditAction>(params.get('action'), ACTION_OPTIONS);
  const from = params.get('from');
  const to = params.get('to');
  const page = pageOf(params);
  const filters = { actor, entity_type: entity || undefined, action: action || undefined, from: from ?? undefined, to: to ?? undefined };
  const { data, error, isLoading, isFetching } = useGetAuditLogQuery({ ...filters, page, per_page: PER_PAGE }, { refetchOnMountOrArgChange: true });
  const refused = filterError(error);

  const cell = (entry: AuditEntry, column: (typeof COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'created_at':
        return <time dateTime={entry.created_at}>{formatJalaliDate(entry.created_at, { withTime: true })}</time>;
      case 'actor':
        return entry.actor.full_name;
      case 'ip':
        return <bdi dir="ltr">{entry.ip}</bdi>;
      case 'entity': {
        const name = t.audit.entities[entry.entity_type];
        const id = entry.entity_id === null ? t.audit.single : formatNumber(entry.entity_id);
        const path = entityPath(entry);
        const text = `${name} ${id}`;
        return path ? (
          <MuiLink component={Link} to={path} underline="hover" aria-label={t.audit.openEntity(name, id)}>
            {text}
          </MuiLink>
        ) : (
          text
        );
      }
      case 'action':
        return <Chip size="small" variant="outlined" color={entry.action === 'delete' ? 'error' : 'primary'} label={t.audit.actions[entry.action]} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.audit.title} intro={t.audit.intro} />
      <ListToolbar total={data?.meta.total} totalLabel={t.audit.total}>
        <DebouncedSearchBox value={actor} onSearch={(next) => update({ actor: next.trim(), page: null }, true)} label={t.audit.searchActor} placeholder={t.audit.searchActorPlaceholder} />
        <FilterSelect label={t.audit.entity} value={entity} options={ENTITY_OPTIONS} onChange={(next) => update({ entity_type: next, page: null })} />
        <FilterSelect label={t.audit.action} value={action} options={ACTION_OPTIONS} onChange={(next) => update({ action: next, page: null })} />
        <Suspense fallback={<CircularProgress size={24} aria-label={t.audit.datesLoading} />}>
          <AuditDateRange from={from} to={to} onChange={(changes) => update({ ...changes, page: null })} />
        </Suspense>
        <ExportCsvButton path={AUDIT_LOG_EXPORT_PATH} params={filters} of={t.audit.exportOf} />
      </ListToolbar>
      {refused && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refused}
        </Alert>
      )}
      <DataTable
        label={t.audit.title}
        columns={COLUMNS}
        labels={t.audit.columns}
        rows={refused ? [] : data?.data}
        rowKey={(entry) => entry.id}
        cell={cell}
        detail={(entry) => <Changes entry={entry} />}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.audit.empty}
        minWidth={720}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
