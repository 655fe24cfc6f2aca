import { useEffect, useState } from 'react';
import type { ContentType } from '@shop/contracts';
import { readApiError, selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Box, Button, Icon, visuallyHidden } from '@shop/ui-kit';
import { formatNumber } from '@shop/format';
import { useEngagementLikeMutation } from './engagement-api';
import { t } from './strings';

/** Props of {@link LikeButton}: the item and what its detail answer says. */
export interface LikeButtonProps {
  type: ContentType;
  id: number;
  likesCount: number;
  /** `liked_by_me` of the detail answer (ViewerState); false for visitors. */
  likedByMe: boolean;
}

// Pixel strings: in `sx`, a bare 1 means 100%, which would stretch the span across the page.

/**
 * The like button of posts, podcasts, products and sessions (SPEC §3 "Like payload"): the
 * count goes up at once and is corrected by the answer. There is no "unlike" in the API, so a
 * liked item's button is disabled. A visitor's click fails with 401 and the shell's error
 * catalogue sends them to /login; a second like fails with 422, whose Persian message («شما
 * قبلاً این … را پسندیده‌اید.») the catalogue toasts and this button announces to screen readers.
 */
export function LikeButton({ type, id, likesCount, likedByMe }: LikeButtonProps) {
  const user = useAppSelector(selectCurrentUser);
  const [like, { isLoading }] = useEngagementLikeMutation();
  const [shown, setShown] = useState({ liked: likedByMe, count: likesCount });
  const [announcement, setAnnouncement] = useState('');
  // A refetched item (after the like invalidated its tag) is the truth again.
  useEffect(() => setShown({ liked: likedByMe, count: likesCount }), [likedByMe, likesCount]);

  const onClick = async () => {
    if (shown.liked || isLoading) return;
    const before = shown;
    setShown({ liked: true, count: before.count + 1 });
    try {
      const answer = await like({ user_id: user?.id ?? 0, likeable_id: id, likeable_type: type }).unwrap();
      setShown({ liked: true, count: answer.data.likes_count });
      setAnnouncement(answer.message);
    } catch (error) {
      const { status, message, fieldErrors } = readApiError(error as Parameters<typeof readApiError>[0]);
      const alreadyLiked = status === 422 && Object.keys(fieldErrors).length === 0;
      setShown(alreadyLiked ? { liked: true, count: before.count } : before);
      setAnnouncement(message ?? '');
    }
  };

  const count = formatNumber(shown.count);
  return (
    <>
      <Button
        variant={shown.liked ? 'contained' : 'outlined'}
        color="secondary"
        onClick={onClick}
        disabled={shown.liked || isLoading}
        aria-pressed={shown.liked}
        aria-label={`${shown.liked ? t.liked : t.like}، ${t.likesCount(count)}`}
        startIcon={<Icon name={shown.liked ? 'Favorite' : 'FavoriteBorder'} />}
        sx={{ borderRadius: 5, minWidth: 88, '&.Mui-disabled': shown.liked ? { color: 'secondary.contrastText', bgcolor: 'secondary.main', opacity: 0.85 } : {} }}
      >
        {count}
      </Button>
      <Box component="span" role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
