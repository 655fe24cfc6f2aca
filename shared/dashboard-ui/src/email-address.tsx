import { Fragment } from 'react';
import { Box } from '@shop/ui-kit';

/**
 * An email address in a right-to-left table cell (issue 32 item 8): left to right, and in a
 * narrow column broken only before its «@», never inside the name or the domain.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <bdi dir="ltr">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {part}
          </Box>
        </Fragment>
      ))}
    </bdi>
  );
}
