import { lazy, Suspense, type ComponentProps } from 'react';
import { Box, Skeleton } from '@shop/ui-kit';
import { FormLabel } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** Tiptap and the editor load only with the pages that edit rich text (the terms and the site information). */
const RichTextField = lazy(() => import('./rich-text-field'));

/**
 * {@link RichTextField} loaded on demand: until Tiptap has arrived, its label over a skeleton of
 * the same height, so the page does not jump.
 */
export function LazyRichTextField(props: ComponentProps<typeof RichTextField>) {
  return (
    <Suspense
      fallback={
        <Box aria-busy="true">
          <FormLabel sx={{ display: 'block', mb: 1 }}>{props.label}</FormLabel>
          <Skeleton variant="rounded" height={310} role="progressbar" aria-label={t.editor.loading} />
        </Box>
      }
    >
      <RichTextField {...props} />
    </Suspense>
  );
}
