import { Button, Icon, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from './strings';

/** A section title with an optional "see all" link (home slots, list pages). */
export function SectionHeader({ title, to, level = 'h2' }: { title: string; to?: string; level?: 'h1' | 'h2' }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
      <Typography variant={level === 'h1' ? 'h4' : 'h5'} component={level} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {to && (
        <Button component={Link} to={to} endIcon={<Icon name="ChevronLeft" />}>
          {t.seeAll}
        </Button>
      )}
    </Stack>
  );
}
