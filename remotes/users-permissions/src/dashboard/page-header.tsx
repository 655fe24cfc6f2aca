import type { ReactNode } from 'react';
import { Link } from '@shop/router';
import { Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';

/**
 * The top of a users or permissions dashboard page: breadcrumbs back to the parent pages (when
 * given), the page's heading, the page's buttons (add, links to related lists) and a line of introduction.
 */
export function PageHeader({
  title,
  intro,
  parents = [],
  actions,
}: {
  title: string;
  intro?: ReactNode;
  parents?: Array<{ label: string; to: string }>;
  actions?: ReactNode;
}) {
  return (
    <>
      {parents.length > 0 && (
        <Breadcrumbs sx={{ mb: 2 }}>
          {parents.map(({ label, to }) => (
            <MuiLink key={to} component={Link} to={to} underline="hover" color="inherit">
              {label}
            </MuiLink>
          ))}
          <Typography color="text.primary">{title}</Typography>
        </Breadcrumbs>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {intro && (
        <Typography component="div" color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
    </>
  );
}
