import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { OwnDevices } from '@shop/contracts';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Alert, AlertTitle, Button, Icon, Stack, Typography } from '@shop/ui-kit';
import { useState } from 'react';
import { useRemoveOwnDeviceMutation } from './playback-api';
import { playbackStrings as s } from './playback-strings';

/**
 * The device limit's screen (issue 38 item 1), in place of the player: the server's Persian reason,
 * the account's devices (name, first and last play in Jalali) each with «حذف» while removals are
 * left this month, and what is left of them. A removal that succeeds calls `onRemoved` (the player
 * asks again, and this browser takes the freed place); a refused one says why.
 */
export function DeviceLimitPanel({ message, devices, onRemoved }: { message: string; devices: OwnDevices; onRemoved: () => void }) {
  const [remove, { isLoading }] = useRemoveOwnDeviceMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const removable = devices.removals_left > 0;
  const removeOne = async (id: number) => {
    setRefusal(null);
    try {
      await remove(id).unwrap();
      onRemoved();
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? s.failed);
    }
  };
  const left = removable
    ? s.removalsLeft(formatNumber(devices.removals_left))
    : devices.next_removal_at
      ? s.noRemovalsLeft(formatJalaliDate(devices.next_removal_at, { withTime: true }))
      : s.removalsClosed;
  return (
    <Alert severity="warning" icon={<Icon name="Block" />} sx={{ mb: 3 }}>
      <AlertTitle>{s.deviceLimitTitle}</AlertTitle>
      <Typography sx={{ mb: 2 }}>{message}</Typography>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {s.devicesHeading}
      </Typography>
      <Stack component="ul" spacing={1} useFlexGap sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
        {devices.devices.map((device) => (
          <Stack component="li" key={device.id} direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <span>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {device.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {s.lastUsed(formatJalaliDate(device.last_used_at, { withTime: true }))} · {s.firstUsed(formatJalaliDate(device.created_at))}
              </Typography>
            </span>
            {removable && (
              <Button variant="outlined" color="inherit" size="small" disabled={isLoading} aria-label={s.remove(device.name)} onClick={() => void removeOne(device.id)}>
                {s.removeLabel}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      <Typography variant="body2">{left}</Typography>
      {refusal && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {refusal}
        </Typography>
      )}
    </Alert>
  );
}
