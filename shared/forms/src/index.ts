export { FormTextField } from './form-text-field';
export { toFormikErrors } from './to-formik-errors';
