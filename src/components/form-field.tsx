import { cloneElement, type ReactElement, useId } from 'react';

interface FormFieldProps {
  label: string;
  error?: string;
  /** Marks the input refused when the reason is shown elsewhere (a form-wide alert). */
  invalid?: boolean;
  /** The input; it receives the id and the ARIA links to the label and the error. */
  children: ReactElement<Record<string, unknown>>;
  /** Controls beside the input (e.g. the password-visibility toggle). */
  addon?: React.ReactNode;
}

/** A labelled input with its error message announced to screen readers. */
export function FormField({ label, error, invalid, children, addon }: FormFieldProps) {
  const id = useId();
  const input = cloneElement(children, {
    id,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      {addon ? (
        <div className="relative">
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
