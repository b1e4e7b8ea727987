/**
 * Texts of the text rule (schemas/text.ts) and of the API's safety nets behind it (issue 16;
 * decision 023). All ours: the spec gives no text for these.
 */
export const inputMessages = {
  /** A field holding NUL, another control character, an unpaired surrogate (or a bidi override). */
  forbiddenCharacter: (field: string) =>
    `${field} contains an invisible or broken character that is not allowed`,
  /** A line break or tab in a one-line field. */
  lineBreak: (field: string) => `${field} must be one line, without line breaks or tabs`,
  /** The name `forbiddenCharacter` gives a path parameter (`/api/products/<here>`). */
  pathField: 'The address',
  /** The name `forbiddenCharacter` gives a whole body or query that is one refused string. */
  bodyField: 'The request',
  /** PostgreSQL refused the text itself (the safety net of the error handler). */
  unstorableText: 'The request holds text with a character that cannot be stored',
  /** A PUT or PATCH whose body names nothing to change. */
  nothingToUpdate: 'Nothing to update',
} as const;
