import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, CardMedia, Grid, Icon, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { t } from './strings';

/** What a card shows: image, title, Jalali date, likes and comments counts (SPEC §2/§3). */
export interface ContentCardProps {
  to: string;
  title: string;
  image: string | null;
  createdAt: string;
  likesCount: number;
  commentsCount: number;
  /** Extra line under the title (a price, a sessions count). */
  extra?: ReactNode;
}

/** A card linking to a post, podcast or product. */
export function ContentCard({ to, title, image, createdAt, likesCount, commentsCount, extra }: ContentCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {image ? (
          <CardMedia component="img" image={image} alt="" loading="lazy" sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />
        ) : (
          <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover' }} />
        )}
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: 18, lineHeight: 1.6 }}>
            {title}
          </Typography>
          {extra}
          <Stack spacing={2} useFlexGap direction="row" sx={{ alignItems: 'center', mt: 'auto', color: 'text.secondary', fontSize: 14 }}>
            <time dateTime={createdAt}>{formatJalaliDate(createdAt)}</time>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row" aria-label={`${formatNumber(likesCount)} ${t.likes}`}>
              <Icon name="FavoriteBorder" fontSize="inherit" />
              {formatNumber(likesCount)}
            </Stack>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row" aria-label={`${formatNumber(commentsCount)} ${t.comments}`}>
              <Icon name="ChatBubbleOutline" fontSize="inherit" />
              {formatNumber(commentsCount)}
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * A responsive grid of cards. With `loading` (nothing to show yet) it shows placeholders of
 * the same size; with `fetching` (a new page or filter on its way) it dims the cards shown.
 */
export function CardGrid({
  children,
  loading = false,
  fetching = false,
  placeholders = 6,
}: {
  children?: ReactNode;
  loading?: boolean;
  fetching?: boolean;
  placeholders?: number;
}) {
  return (
    <Grid container spacing={2} aria-busy={loading || fetching} sx={{ opacity: fetching && !loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {loading
        ? Array.from({ length: placeholders }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={300} />
            </Grid>
          ))
        : children}
    </Grid>
  );
}

/** One cell of a {@link CardGrid}. */
export function CardCell({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, md: 4 }}>{children}</Grid>;
}

/** Shown when a list has nothing to show. */
export function EmptyState({ text = t.empty }: { text?: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
