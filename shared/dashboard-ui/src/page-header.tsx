import type { ReactNode } from 'react';
import { Link } from '@shop/router';
import { Button, Icon, Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';

/**
 * The top of a dashboard page: breadcrumbs back to the parent pages (when given), the page's
 * heading (h1), its buttons (`actions`, then the contained «add» link when `add` is given) and a
 * line of introduction.
 *
 * @example
 * <PageHeader title="افزودن اطلاعیه" parents={[{ label: 'اطلاعیه‌ها', to: '/dashboard/announcements' }]} />
 * <PageHeader title="اطلاعیه‌ها" intro="…" add={{ label: 'افزودن اطلاعیه', to: '/dashboard/announcements/add-announcement' }} />
 */
export function PageHeader({
  title,
  intro,
  parents = [],
  actions,
  add,
}: {
  title: string;
  intro?: ReactNode;
  parents?: Array<{ label: string; to: string }>;
  /** Buttons beside the heading (links to related lists, a delete button). */
  actions?: ReactNode;
  /** The page's «add» link, shown last as the main button. */
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
        {(actions || add) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {actions}
            {add && (
              <Button component={Link} to={add.to} variant="contained" startIcon={<Icon name="Add" />}>
                {add.label}
              </Button>
            )}
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
