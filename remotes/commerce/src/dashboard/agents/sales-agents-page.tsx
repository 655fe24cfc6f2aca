import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SalesAgent } from '@shop/contracts';
import { DataTable, EmailAddress, ListToolbar, PageHeader } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { Box, Icon, IconButton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { SalesAgentForm } from './sales-agent-form';
import { useGetSalesAgentsQuery } from './sales-agents-api';
import { agentStrings } from '../../agent-strings';

const s = agentStrings.agents;
const COLUMNS = ['name', 'email', 'code', 'percent', 'link', 'is_active', 'actions'] as const;

/**
 * Copies an agent's link to the clipboard, then says so; a browser that refuses (no clipboard
 * outside HTTPS, permission denied) is told to copy it by hand.
 */
async function copyLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    enqueueSnackbar(s.copied, { variant: 'success' });
  } catch {
    enqueueSnackbar(s.copyFailed, { variant: 'warning' });
  }
}

/** The agent's link left to right, selectable, and the button that copies it. */
function AgentLink({ agent }: { agent: SalesAgent }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography component="bdi" dir="ltr" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
        {agent.link}
      </Typography>
      <IconButton size="small" aria-label={s.copy(agent.code)} title={s.copy(agent.code)} onClick={() => void copyLink(agent.link)}>
        <Icon name="Link" fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** One cell of an agent: name, email, code left to right, «۱۰٪», the link with its copy button, the active chip and edit. */
function cellOf(agent: SalesAgent, column: (typeof COLUMNS)[number], onEdit: (agent: SalesAgent) => void): ReactNode {
  switch (column) {
    case 'name':
      return agent.user.full_name;
    case 'email':
      return <EmailAddress email={agent.user.email} />;
    case 'code':
      return (
        <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
          {agent.code}
        </Box>
      );
    case 'percent':
      return s.percent(formatNumber(agent.percent));
    case 'link':
      return <AgentLink agent={agent} />;
    case 'is_active':
      return agent.is_active ? <Chip size="small" color="success" label={s.active} /> : <Chip size="small" variant="outlined" label={s.inactive} />;
    case 'actions':
      return (
        <IconButton size="small" aria-label={s.edit(agent.user.full_name)} title={s.edit(agent.user.full_name)} onClick={() => onEdit(agent)}>
          <Icon name="Edit" fontSize="small" />
        </IconButton>
      );
  }
}

/**
 * `/dashboard/sales-agents` (super users only, issue 36 item 4): the form that makes a user a sales
 * agent or changes the one being edited, then every agent, newest first, with name, email, code (left
 * to right), percent, their link with a copy button, an active chip and «ویرایش», which brings the
 * agent into the form above.
 */
export default function SalesAgentsPage() {
  const { data, isLoading, isFetching } = useGetSalesAgentsQuery();
  const [editing, setEditing] = useState<SalesAgent | null>(null);
  const formBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing) formBox.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={s.title} intro={s.intro} />
      <Box ref={formBox} sx={{ scrollMarginTop: 80 }}>
        <SalesAgentForm key={editing?.id ?? 'new'} agent={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
      </Box>
      <ListToolbar total={data?.data.length} totalLabel={s.total} />
      <DataTable
        label={s.list}
        columns={COLUMNS}
        labels={s.columns}
        rows={data?.data}
        rowKey={(agent) => agent.id}
        cell={(agent, column) => cellOf(agent, column, setEditing)}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={s.empty}
        minWidth={960}
      />
    </Box>
  );
}
