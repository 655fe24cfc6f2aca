import { useState } from 'react';
import { hasPermission, type DashboardOverview, type PermissionName } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { formatNumber } from '@shop/format';
import { Icon, IconButton } from '@shop/ui-kit';
import { Badge, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@shop/ui-kit/lazy';
import { useNavigate } from '@shop/router';
import { useDashboardOverview } from '../dashboard/dashboard-overview-api';
import { t } from '../strings';

interface Entry {
  key: string;
  path: string;
  label: string;
  icon: string;
  permission: PermissionName;
  /** What awaits in the section, from the overview. */
  count: (overview: DashboardOverview) => number | undefined;
  countText: (count: string) => string;
}

const ENTRIES: Entry[] = [
  {
    key: 'tickets',
    path: '/dashboard/contact-us',
    label: t.nav.tickets,
    icon: 'SupportAgent',
    permission: 'show-tickets',
    count: (overview) => overview.unread_tickets,
    countText: t.nav.unreadTickets,
  },
  {
    key: 'comments',
    path: '/dashboard/comments',
    label: t.nav.comments,
    icon: 'Comment',
    permission: 'show-comments',
    count: (overview) => overview.pending_comments,
    countText: t.nav.pendingComments,
  },
];

/**
 * The dashboard header's dropdown (SPEC §2; issue 8): links to tickets (contact-us) and comments
 * that the user may open, each with what awaits there (unread tickets, comments to approve), and
 * their sum as a badge on the button. The counts come from the dashboard overview, refreshed every
 * minute and on focus.
 */
export function DashboardHeaderMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const entries = ENTRIES.filter((entry) => hasPermission(user, entry.permission));
  const { data: overview } = useDashboardOverview(entries.length === 0);
  if (entries.length === 0) return null;
  const counted = entries.map((entry) => ({ ...entry, waiting: overview ? entry.count(overview) : undefined }));
  const total = counted.reduce((sum, entry) => sum + (entry.waiting ?? 0), 0);
  const label = t.nav.inbox(total > 0 ? formatNumber(total) : null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={label}>
          <Badge badgeContent={total > 0 ? formatNumber(total) : null} color="error">
            <Icon name="ChatBubbleOutline" />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {counted.map((entry) => (
          <MenuItem
            key={entry.key}
            onClick={() => {
              setAnchor(null);
              navigate(entry.path);
            }}
          >
            <ListItemIcon>
              <Icon name={entry.icon} fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={entry.label}
              secondary={entry.waiting === undefined ? undefined : entry.countText(formatNumber(entry.waiting))}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
