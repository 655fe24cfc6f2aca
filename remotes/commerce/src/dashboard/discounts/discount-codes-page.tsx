import type { ReactNode } from 'react';
import type { DiscountCode } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, ListToolbar, PageHeader, RowActions, useUndoableDelete } from '@shop/dashboard-ui';
import { formatNumber, formatToman } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { useDeleteDiscountCodeMutation, useGetDiscountCodesQuery } from './discount-codes-api';
import { DISCOUNT_PATHS } from './discount-paths';
import { discountPeriodText, discountValueText } from './discount-value';
import { t } from '../../strings';

const PER_PAGE = 15;
const COLUMNS = ['code', 'value', 'period', 'uses', 'given', 'active', 'actions'] as const;

/**
 * `/dashboard/discount-codes` (manage-discounts, issue 25): every code, newest first, with its
 * kind and value («۲۰٪» or «۵۰٬۰۰۰ تومان»), its period in Jalali date and time, uses / cap, the
 * money it gave away and an active chip; search and page in the URL; add, edit, the uses of a code,
 * and delete, which waits 10 seconds for «بازگردانی» before it is sent (issue 32 item 5; a used code
 * is deactivated instead: the server's answer is a toast, and the code comes back as inactive).
 */
export default function DiscountCodesPage() {
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params);
  const query = useGetDiscountCodesQuery({ page, per_page: PER_PAGE, q });
  const { data, isLoading, isFetching } = query;
  const [remove] = useDeleteDiscountCodeMutation();
  const deletion = useUndoableDelete({
    query,
    send: (code) => remove(code.id).unwrap(),
    message: (code) => t.discounts.deleted(code.code),
    done: (answer) => answer.message,
  });

  const cell = (code: DiscountCode, column: (typeof COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'code':
        return (
          <MuiLink component={Link} to={DISCOUNT_PATHS.edit(code.id)} underline="hover" dir="ltr" sx={{ fontWeight: 700, fontFamily: 'monospace' }}>
            {code.code}
          </MuiLink>
        );
      case 'value':
        return discountValueText(code.kind, code.value);
      case 'period':
        return discountPeriodText(code.starts_at, code.ends_at);
      case 'uses':
        return (
          <MuiLink component={Link} to={DISCOUNT_PATHS.uses(code.id)} underline="hover">
            {`${formatNumber(code.uses)} / ${code.total_cap === null ? t.discounts.noCap : formatNumber(code.total_cap)}`}
          </MuiLink>
        );
      case 'given':
        return code.given_amount === 0 ? '—' : formatToman(code.given_amount);
      case 'active':
        return <Chip size="small" color={code.is_active ? 'success' : 'default'} label={code.is_active ? t.discounts.active : t.discounts.inactive} />;
      case 'actions':
        return <RowActions title={code.code} editTo={DISCOUNT_PATHS.edit(code.id)} onDelete={() => deletion.remove(code)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.discounts.title} intro={t.discounts.intro} add={{ label: t.discounts.add, to: DISCOUNT_PATHS.add }} />
      <ListToolbar total={deletion.list?.meta.total} totalLabel={t.discounts.total}>
        <DebouncedSearchBox value={q} onSearch={(next) => update({ q: next.trim(), page: null }, true)} label={t.discounts.search} />
      </ListToolbar>
      {deletion.refusal}
      <DataTable
        label={t.discounts.title}
        columns={COLUMNS}
        labels={t.discounts.columns}
        rows={deletion.list?.data}
        rowKey={(code) => code.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.discounts.empty}
        minWidth={900}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
