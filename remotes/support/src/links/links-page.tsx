import type { ReactNode } from 'react';
import type { Link as SiteLink, LinkType } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, FilterSelect, ListToolbar, PageHeader, RowActions, filterOf, useUndoableDelete } from '@shop/dashboard-ui';
import { Link } from '@shop/router';
import { Box, Link as MuiLink, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { useDeleteLinkMutation, useGetDashboardLinksQuery } from './links-api';
import { PATHS } from '../paths';
import { t } from '../strings';

const PER_PAGE = 20;
const COLUMNS = ['title', 'type', 'text', 'actions'] as const;

/**
 * `/dashboard/links` (SPEC §2, permission `manage-links`): the FAQ entries of both tabs and the
 * footer's links, newest first, filtered by type (`?type=`, with the page, in the URL); a
 * footer link's address shows left to right; add, edit and delete, which waits 10 seconds for
 * «بازگردانی» before it is sent (issue 32 item 5).
 */
export default function LinksPage() {
  const [params, update] = useUrlParams();
  const type = filterOf<LinkType>(params.get('type'), t.links.types);
  const page = pageOf(params);
  const query = useGetDashboardLinksQuery({ page, per_page: PER_PAGE, type: type || undefined });
  const { data, isLoading, isFetching } = query;
  const [remove] = useDeleteLinkMutation();
  const deletion = useUndoableDelete({ query, send: (link) => remove(link.id).unwrap(), message: (link) => t.links.deleted(link.title) });

  const cell = (link: SiteLink, column: (typeof COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'title':
        return (
          <MuiLink component={Link} to={PATHS.editLink(link.id)} underline="hover" sx={{ fontWeight: 500 }}>
            {link.title}
          </MuiLink>
        );
      case 'type':
        return <Chip size="small" variant="outlined" color={link.type === 'link' ? 'primary' : 'default'} label={t.links.types[link.type]} />;
      case 'text':
        return link.type === 'link' ? (
          <bdi dir="ltr">{link.text}</bdi>
        ) : (
          <Typography noWrap sx={{ maxWidth: 360, fontSize: 'inherit' }} title={link.text}>
            {link.text}
          </Typography>
        );
      case 'actions':
        return <RowActions title={link.title} editTo={PATHS.editLink(link.id)} onDelete={() => deletion.remove(link)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.links.title} intro={t.links.intro} add={{ label: t.links.add, to: PATHS.addLink }} />
      <ListToolbar total={deletion.list?.meta.total} totalLabel={t.links.total}>
        <FilterSelect label={t.links.typeFilter} value={type} options={t.links.types} onChange={(next) => update({ type: next, page: null })} />
      </ListToolbar>
      {deletion.refusal}
      <DataTable
        label={t.links.title}
        columns={COLUMNS}
        labels={t.links.columns}
        rows={deletion.list?.data}
        rowKey={(link) => link.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.links.empty}
        minWidth={760}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
