import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { SearchSchema } from '../../contract/paging.ts';
import { FormField } from './form-field.tsx';

interface ListFiltersProps {
  /** What the form filters, for screen readers: 'Filter orders'. */
  label: string;
  /** Some filter is set: 'Clear filters' is offered. */
  filtered: boolean;
  onApply: (form: FormData) => void;
  /** The fields (FormField-wrapped inputs). */
  children: React.ReactNode;
}

/**
 * A list's filters: a form (Enter applies it) whose fields wrap on a phone, and 'Clear filters', a link
 * to the list's address without them (its page size kept).
 */
export function ListFilters({ label, filtered, onApply, children }: ListFiltersProps) {
  return (
    <form
      aria-label={label}
      noValidate
      className="flex flex-wrap items-end gap-4 rounded-2xl bg-cream p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(new FormData(event.currentTarget));
      }}
    >
      {children}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
        {filtered && <ClearFilters />}
      </div>
    </form>
  );
}

/** Back to the whole list: the address keeps only its page size. */
export function ClearFilters() {
  return (
    <Link
      to="."
      // Any list's address: only its page size is kept.
      search={(({ limit }: { limit?: number }) => (limit === undefined ? {} : { limit })) as never}
      resetScroll={false}
      className="inline-flex min-h-11 items-center font-bold text-brand-ink underline underline-offset-4"
    >
      Clear filters
    </Link>
  );
}

/** A form field's text, trimmed; undefined when left empty. */
export const filled = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** The value the form chose among `choices`; undefined for 'All' (or anything else). */
export const chosen = <V extends string>(
  form: FormData,
  name: string,
  choices: ReadonlyArray<readonly [V, string]>,
) => choices.find(([value]) => value === form.get(name))?.[0];

/**
 * The form's search, checked as the server checks it (`schema`: a list's own search rule, the staff
 * search by default): its text, or the rule it breaks.
 */
export function readSearch(
  form: FormData,
  schema: v.GenericSchema<string, string> = SearchSchema,
): { q?: string; problem?: string } {
  const q = filled(form, 'q');
  if (q === undefined) return {};
  const checked = v.safeParse(schema, q);
  return checked.success ? { q } : { problem: checked.issues[0].message };
}

/** A filter chosen from a few values, 'All' first. */
export function ChoiceFilter<V extends string>({
  label,
  name,
  value,
  choices,
}: {
  label: string;
  name: string;
  value: V | undefined;
  choices: ReadonlyArray<readonly [V, string]>;
}) {
  return (
    <div className="w-full sm:w-40">
      <FormField label={label}>
        <select name={name} className="field" defaultValue={value ?? ''}>
          <option value="">All</option>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}

/** The search box of a list's filters (`q`), with the reason readSearch refused it. */
export function SearchFilter({
  placeholder,
  value,
  error,
}: {
  placeholder: string;
  value: string | undefined;
  error: string | undefined;
}) {
  return (
    <div className="w-full sm:w-72">
      <FormField label="Search" error={error}>
        <input
          type="search"
          name="q"
          className="field"
          placeholder={placeholder}
          defaultValue={value ?? ''}
        />
      </FormField>
    </div>
  );
}

/**
 * A list's filters of one choice and a search (Manage items: stock; Manage users: role). `onApply`
 * gets them once the search passes the server's rule; a refused search shows its reason instead.
 */
export function ChoiceAndSearchFilters<V extends string>({
  label,
  choice,
  search,
  onApply,
}: {
  label: string;
  choice: { label: string; name: string; value: V | undefined; choices: ReadonlyArray<readonly [V, string]> };
  search: { placeholder: string; value: string | undefined };
  onApply: (chose: V | undefined, q: string | undefined) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  return (
    <ListFilters
      // A new address (Back, Clear filters) shows its own filters.
      key={JSON.stringify([choice.value, search.value])}
      label={label}
      filtered={Boolean(choice.value || search.value)}
      onApply={(form) => {
        const chose = chosen(form, choice.name, choice.choices);
        const { q, problem } = readSearch(form);
        setError(problem);
        if (!problem) onApply(chose, q);
      }}
    >
      <ChoiceFilter {...choice} />
      <SearchFilter {...search} error={error} />
    </ListFilters>
  );
}
