import { object, ValidationError, type InferType } from 'yup';
import { emailField, mobileField, requiredString } from './fields';
import { fieldLabels, messages } from './messages';

/**
 * Login credentials (SPEC §2 /login, §3 "Login body", §5): a password and exactly one of
 * `email` or `mobile`; a given mobile is validated and cast to E.164. When neither or both are
 * given, the error is reported on both fields, since the form shows only one of them.
 */
export const loginSchema = object({
  email: emailField(),
  mobile: mobileField(),
  password: requiredString(fieldLabels.password, { trim: false }),
}).test({
  name: 'emailOrMobile',
  test(value, context) {
    if (!value) return true;
    const hasEmail = value.email !== undefined;
    const hasMobile = value.mobile !== undefined;
    if (hasEmail !== hasMobile) return true;
    const message = hasEmail ? messages.emailOrMobileNotBoth : messages.emailOrMobileRequired;
    return new ValidationError(
      ['email', 'mobile'].map((path) => context.createError({ path, message })),
      value,
    );
  },
});

/** Valid login credentials after casting (SPEC §3 "Login body"). */
export type LoginInput = InferType<typeof loginSchema>;
