import type { ReactNode } from 'react';
import { Container, Typography } from '@shop/ui-kit';

/** A narrow page with a heading and what it says (the verification and resend pages' states). */
export function MessageScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
