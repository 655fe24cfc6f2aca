/** The API's `{ field: [messages] }` (DESIGN.md errors) as formik's `{ field: message }`: the first message of each field. */
export function toFormikErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? '']));
}
