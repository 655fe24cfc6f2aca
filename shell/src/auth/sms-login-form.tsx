import type { AuthTokenAnswer } from '@shop/contracts';
import { smsLoginSchema } from '@shop/validation';
import { useSmsLoginMutation } from './auth-api';
import { SmsCodeForm } from './sms-code-form';
import { t } from '../strings';

/**
 * `/login`'s «ورود با کد پیامکی» (issue 26): {@link SmsCodeForm} with the `login` purpose, then
 * «ورود» signs in with the mobile and the code.
 * @param onSignedIn called with the sign-in answer, as the password login's is
 * @param disabled true once signed in (the page is about to leave)
 */
export function SmsLoginForm({ onSignedIn, disabled }: { onSignedIn: (answer: AuthTokenAnswer) => void; disabled: boolean }) {
  const [smsLogin] = useSmsLoginMutation();
  return (
    <SmsCodeForm
      purpose="login"
      intro={t.auth.smsStep1}
      sentNote={t.auth.smsCodeSent}
      codeSchema={smsLoginSchema}
      submitLabel={t.auth.submitLogin}
      disabled={disabled}
      onCode={async (mobile, { code }) => {
        const result = await smsLogin({ mobile, code });
        if ('data' in result && result.data) onSignedIn(result.data);
        return result;
      }}
    />
  );
}
