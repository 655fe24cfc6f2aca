import type { ReactNode } from 'react';
import { Box, Container, Link as MuiLink, Skeleton, Typography } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';
import { Link, useParams } from '@shop/router';

/**
 * The numeric id a detail route names (`/posts/:postId`). A non-numeric id becomes -1, which
 * the API answers with 404, so the shell shows its 404 page (SPEC §8).
 */
export function useIdParam(name: string): number {
  const id = Number(useParams()[name]);
  return Number.isInteger(id) ? id : -1;
}

/**
 * The frame of a post, podcast or product page: a breadcrumb back to the list, placeholders
 * while the item loads, then `children(item)` as an `<article>`.
 * @param item the loaded item, or undefined while it loads
 * @param mediaHeight height in px of the placeholder for the item's image or player
 */
export function DetailFrame<T extends { title: string }>({
  listPath,
  listLabel,
  item,
  mediaHeight = 320,
  children,
}: {
  listPath: string;
  listLabel: string;
  item: T | undefined;
  mediaHeight?: number;
  children: (item: T) => ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <MuiLink component={Link} to={listPath} underline="hover" color="inherit">
          {listLabel}
        </MuiLink>
        {item && <Typography color="text.primary">{item.title}</Typography>}
      </Breadcrumbs>
      {!item ? (
        <>
          <Skeleton variant="text" height={56} />
          <Skeleton variant="rounded" height={mediaHeight} sx={{ my: 2 }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </>
      ) : (
        <Box component="article">{children(item)}</Box>
      )}
    </Container>
  );
}
