import { useId, useState } from 'react';
import type { Link } from '@shop/contracts';
import { Box, Icon, Typography } from '@shop/ui-kit';
import { ListItem, ListItemButton, ListItemText } from '@shop/ui-kit/lazy';

/** One FAQ question (SPEC §2): a button that opens and closes its answer below it. */
export function FaqQuestion({ question, divider }: { question: Link; divider: boolean }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <ListItem disablePadding divider={divider} sx={{ display: 'block' }}>
      <ListItemButton aria-expanded={open} aria-controls={answerId} onClick={() => setOpen((now) => !now)} sx={{ py: 1.5, gap: 1 }}>
        <ListItemText primary={question.title} slotProps={{ primary: { sx: { fontWeight: 500, fontSize: 16 } } }} />
        <Icon
          name="ChevronLeft"
          aria-hidden
          sx={{ color: 'text.secondary', transition: 'transform 150ms', transform: open ? 'rotate(-90deg)' : 'none', flexShrink: 0 }}
        />
      </ListItemButton>
      <Box id={answerId} role="region" aria-label={question.title} hidden={!open} sx={{ px: 2, pb: 2 }}>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 2 }}>
          {question.text}
        </Typography>
      </Box>
    </ListItem>
  );
}
