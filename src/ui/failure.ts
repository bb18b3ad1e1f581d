export interface FailedCall {
  status: number | undefined;
  statusText: string | undefined;
  message: string;
}

/**
 * What a failed call means to a person: the status and the server's message (src/api puts the
 * server's `{ message }` into the error). Duck-typed so views need not import the HTTP client.
 */
export function describeFailure(error: unknown): FailedCall {
  const response = (error as { response?: unknown } | null)?.response;
  if (response instanceof Response) {
    return { status: response.status, statusText: response.statusText, message: (error as Error).message };
  }
  return {
    status: undefined,
    statusText: undefined,
    message: 'We could not reach Pizzon. Check your connection and try again.',
  };
}
