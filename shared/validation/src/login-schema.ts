import { object, type InferType } from 'yup';
import { emailOrMobileTest } from './email-or-mobile';
import { emailField, mobileField, requiredString } from './fields';
import { fieldLabels } from './messages';

/**
 * Login credentials (SPEC §2 /login, §3 "Login body", §5): a password and exactly one of
 * `email` or `mobile`; a given mobile is validated and cast to E.164. When neither or both are
 * given, the error is reported on both fields, since the form shows only one of them.
 */
export const loginSchema = object({
  email: emailField(),
  mobile: mobileField(),
  password: requiredString(fieldLabels.password, { trim: false }),
}).test(emailOrMobileTest);

/** Valid login credentials after casting (SPEC §3 "Login body"). */
export type LoginInput = InferType<typeof loginSchema>;
