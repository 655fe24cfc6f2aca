import { useState } from 'react';
import { verifyMobileSchema } from '@shop/validation';
import { formatMobile } from '@shop/format';
import { Button, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { useVerifyMobileMutation } from './auth-api';
import { SmsCodeForm } from './sms-code-form';
import { t } from '../strings';

/**
 * Verifying the signed-in user's mobile by an SMS code (issue 26), skippable: {@link SmsCodeForm}
 * with the `verify-mobile` purpose for `mobile`, then «تأیید شماره» (`POST /api/auth/verify-mobile`)
 * and a toast with the server's message. The step of /register after an account with a mobile is
 * made, and of /verify-mobile (the profile's «تأیید شماره»).
 * @param mobile the user's mobile, E.164
 * @param onDone called once: `true` after the mobile is verified, `false` when the user chose «بعداً»
 */
export function VerifyMobileStep({ mobile, onDone }: { mobile: string; onDone: (verified: boolean) => void }) {
  const [verifyMobile] = useVerifyMobileMutation();
  const [done, setDone] = useState(false);
  return (
    <section aria-label={t.auth.verifyMobileTitle}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t.auth.verifyMobileTitle}
      </Typography>
      <SmsCodeForm
        purpose="verify-mobile"
        fixedMobile={mobile}
        intro={t.auth.verifyMobileIntro(formatMobile(mobile))}
        sentNote={t.auth.verifyMobileSent}
        codeSchema={verifyMobileSchema}
        submitLabel={t.auth.verifyMobileSubmit}
        disabled={done}
        onCode={async (_mobile, { code }) => {
          const result = await verifyMobile({ code });
          if ('data' in result && result.data) {
            setDone(true);
            enqueueSnackbar(result.data.message, { variant: 'success' });
            onDone(true);
          }
          return result;
        }}
      />
      <Button onClick={() => onDone(false)} disabled={done} fullWidth sx={{ mt: 1 }}>
        {t.auth.verifyMobileSkip}
      </Button>
    </section>
  );
}
