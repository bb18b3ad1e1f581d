import { Trash2 } from 'lucide-react';

interface SubmitButtonProps {
  busy: boolean;
  className?: string;
  children: React.ReactNode;
}

/** A form's submit button: disabled with a spinner while its request runs. */
export function SubmitButton({ busy, className = '', children }: SubmitButtonProps) {
  return (
    <button type="submit" className={`btn-primary ${className}`} disabled={busy}>
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-ink border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}

/** A refusal or failure shown with the form that caused it. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-coral/10 p-3 font-semibold text-coral-ink">
      {message}
    </p>
  );
}

interface DeleteButtonProps {
  /** What it deletes, for screen readers: 'Delete order PZ…'. */
  label: string;
  disabled?: boolean;
  onClick: () => void;
}

/** The bin icon button of a list row. */
export function DeleteButton({ label, disabled = false, onClick }: DeleteButtonProps) {
  return (
    <button
      type="button"
      className="inline-flex size-11 items-center justify-center rounded-full text-coral-ink hover:bg-coral/10 disabled:opacity-40"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" className="size-5" />
    </button>
  );
}

interface ChoiceChipsProps<T extends string> {
  /** The radio group's name: one per form. */
  name: string;
  choices: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChoose: (value: T) => void;
}

/** One of a few short choices (delivery or pickup, how to pay), as radio buttons drawn as chips. */
export function ChoiceChips<T extends string>({ name, choices, value, onChoose }: ChoiceChipsProps<T>) {
  return (
    <div className="flex flex-wrap gap-3">
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-neutral-300 px-4 font-bold has-checked:border-ink has-checked:bg-brand"
        >
          <input
            type="radio"
            name={name}
            className="size-5 accent-ink"
            checked={value === choice.value}
            onChange={() => onChoose(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
