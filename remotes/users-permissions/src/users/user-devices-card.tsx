import { useState } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { ConfirmDialog } from '@shop/content-ui';
import { DashboardSection } from '@shop/dashboard-ui';
import { formatJalaliDate } from '@shop/format';
import { Alert, Box, Button, Icon, Skeleton, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@shop/ui-kit/lazy';
import { useGetUserDevicesQuery, useResetUserDevicesMutation } from './users-api';
import { t } from '../strings';

/**
 * A user's devices that play lessons, on their dashboard page (issue 38 item 1; permission
 * show-users): each device's name and first and last play in Jalali, last used first, and a reset
 * behind a confirmation that removes them all and stops the user's streams (audited on the server).
 */
export function UserDevicesCard({ userId }: { userId: number }) {
  const { data } = useGetUserDevicesQuery(userId, { refetchOnMountOrArgChange: true });
  const [reset, { isLoading }] = useResetUserDevicesMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const devices = data?.data;
  const confirm = async () => {
    setFailure(null);
    try {
      await reset(userId).unwrap();
      enqueueSnackbar(t.devices.resetDone, { variant: 'success' });
    } catch (error) {
      setFailure(claimApiError(error as FetchBaseQueryError).message ?? null);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <DashboardSection title={t.devices.title} intro={t.devices.intro}>
      {!devices ? (
        <Skeleton variant="rounded" height={96} />
      ) : devices.length === 0 ? (
        <Typography color="text.secondary">{t.devices.none}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t.devices.title}>
            <TableHead>
              <TableRow>
                <TableCell>{t.devices.name}</TableCell>
                <TableCell>{t.devices.firstUsed}</TableCell>
                <TableCell>{t.devices.lastUsed}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {devices.map((device) => (
                <TableRow key={device.id}>
                  <TableCell>{device.name}</TableCell>
                  <TableCell>{formatJalaliDate(device.created_at, { withTime: true })}</TableCell>
                  <TableCell>{formatJalaliDate(device.last_used_at, { withTime: true })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box>
        <Button variant="outlined" color="warning" startIcon={<Icon name="Refresh" />} disabled={!devices?.length || isLoading} onClick={() => setConfirming(true)}>
          {t.devices.reset}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t.devices.confirmTitle}
        text={t.devices.confirmText}
        confirmLabel={t.devices.reset}
        pending={isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </DashboardSection>
  );
}
