/** What an actor's failure says to a person: its message, or `fallback` when it carries none. */
export const errorMessage = (error: unknown, fallback = 'Something went wrong'): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : fallback;
