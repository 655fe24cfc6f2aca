import { object, type InferType } from 'yup';
import {
  emailField,
  mobileField,
  noSpecialCharsField,
  optionalString,
  passwordConfirmationField,
  passwordField,
} from './fields';
import { fieldLabels, messages } from './messages';

/** Body of the register form and of POST /api/auth/register (SPEC §3 "Register body", §5). */
export const registerSchema = object({
  full_name: noSpecialCharsField(fieldLabels.full_name, { required: true })
    .min(3, messages.min)
    .max(100, messages.max),
  email: emailField({ required: true }),
  password: passwordField(),
  password_confirmation: passwordConfirmationField('password'),
  mobile: mobileField(),
  way_of_knowing_our_website: optionalString(fieldLabels.way_of_knowing_our_website).max(500, messages.max),
});

/** A valid register body after casting: trimmed text, mobile in E.164 (SPEC §3, §5). */
export type RegisterInput = InferType<typeof registerSchema>;
