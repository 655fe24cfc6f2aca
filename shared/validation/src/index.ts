export { normalizeDigits } from './normalize-digits';
export { MOBILE_MAX_LENGTH, normalizeMobile } from './normalize-mobile';
export { fieldLabels, messages, type FieldMessageParams, type FieldName } from './messages';
export {
  alphaField,
  alphaNumField,
  alphaSpacesField,
  emailField,
  fileField,
  integerField,
  maxLength,
  minLength,
  mobileField,
  noSpecialCharsField,
  numericField,
  optionalString,
  passwordConfirmationField,
  passwordField,
  requiredString,
  slugField,
  urlField,
  wholeNumberField,
  type FieldOptions,
  type FieldValue,
  type FileFieldOptions,
  type FileLike,
} from './fields';
export { registerSchema, type RegisterInput } from './register-schema';
export { loginSchema, type LoginInput } from './login-schema';
export { ROOT_ERROR_KEY, validate, type ValidationErrors, type ValidationResult } from './validate';
export {
  AUDIO_EXTENSIONS,
  AUDIO_MAX_KB,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_KB,
  commentReplySchema,
  commentSchema,
  commentStatusField,
  podcastFormSchema,
  podcastSchema,
  postFormSchema,
  postSchema,
  searchQuerySchema,
  type CommentInput,
  type PostInput,
} from './content-schemas';
export {
  TICKET_TEXT_MAX,
  TICKET_TEXT_MIN,
  TICKET_TITLE_MAX,
  TICKET_TITLE_MIN,
  ticketSchema,
  type TicketInput,
} from './ticket-schema';
export {
  PRICE_MAX,
  PRODUCT_COMMENT_STATUSES,
  PRODUCT_STATUSES,
  SESSION_FILE_EXTENSIONS,
  SESSION_FILE_MAX_KB,
  SESSION_POSITION_MAX,
  productFormSchema,
  productSchema,
  productSessionFormSchema,
  productSessionSchema,
  type ProductInput,
  type ProductSessionInput,
} from './commerce-schemas';
