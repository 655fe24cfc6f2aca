import { useState } from 'react';
import { hasPermission } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Icon, IconButton } from '@shop/ui-kit';
import { ListItemIcon, Menu, MenuItem, Tooltip } from '@shop/ui-kit/lazy';
import { useNavigate } from '@shop/router';
import { t } from '../strings';

/** The dashboard header's dropdown (SPEC §2): links to tickets (contact-us) and comments. */
export function DashboardHeaderMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const entries = [
    { key: 'tickets', path: '/dashboard/contact-us', label: t.nav.tickets, icon: 'SupportAgent', permission: 'show-tickets' as const },
    { key: 'comments', path: '/dashboard/comments', label: t.nav.comments, icon: 'Comment', permission: 'show-comments' as const },
  ].filter((entry) => hasPermission(user, entry.permission));
  if (entries.length === 0) return null;
  return (
    <>
      <Tooltip title={`${t.nav.tickets} / ${t.nav.comments}`}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t.nav.comments}>
          <Icon name="ChatBubbleOutline" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {entries.map((entry) => (
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
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
