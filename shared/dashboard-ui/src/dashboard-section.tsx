import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@shop/ui-kit';

/**
 * A titled card of a dashboard page: a `<section>` named by its `title` (an h2), with an optional
 * line of introduction under it, around `children` (a form's group of fields, a table, a chart),
 * stacked 16 px apart.
 *
 * @example
 * <DashboardSection title="شبکه‌های اجتماعی" intro="نشانی کامل هر صفحه را بنویسید.">…</DashboardSection>
 */
export function DashboardSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      <Stack spacing={2} useFlexGap>
        {children}
      </Stack>
    </Paper>
  );
}
