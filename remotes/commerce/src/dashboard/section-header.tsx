import type { ReactNode } from 'react';
import { Link } from '@shop/router';
import { Button, Icon, Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';

/**
 * The top of a commerce dashboard page: breadcrumbs back to the parent pages (when given), the
 * page's heading, an optional "add" button and a line of introduction.
 */
export function SectionHeader({
  title,
  intro,
  parents = [],
  add,
}: {
  title: string;
  intro?: ReactNode;
  parents?: Array<{ label: string; to: string }>;
  add?: { label: string; to: string };
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
        {add && (
          <Button component={Link} to={add.to} variant="contained" startIcon={<Icon name="Add" />}>
            {add.label}
          </Button>
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
