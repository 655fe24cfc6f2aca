/** The API's `{ field: [messages] }` (DESIGN.md errors) as formik's `{ field: message }`. */
export function flattenFieldErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? '']));
}
