import { ValidationError, type TestConfig } from 'yup';
import { messages } from './messages';

/**
 * Object-level yup test: exactly one of `email` / `mobile` is given (login, password reset).
 * When neither or both are given, the error is reported on both fields, since a form shows
 * only one of them.
 */
export const emailOrMobileTest: TestConfig<{ email?: string; mobile?: string } | undefined> = {
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
};
