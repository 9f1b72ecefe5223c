// A field's error under it, tied to the field by aria-describedby and aria-invalid.

/** The attributes that mark a field as refused and point at its error; none without one. */
export function errorProps(errorId: string, message: string | null | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

/** The message, announced when it appears; nothing without one. */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}
