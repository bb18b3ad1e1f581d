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
  // Not `instanceof Response`: on the site server @hono/node-server replaces the global Response, and
  // the response fetch gave ky is not one of its instances.
  const response = (error as { response?: { status?: unknown; statusText?: unknown } } | null)?.response;
  if (typeof response?.status === 'number') {
    return {
      status: response.status,
      statusText: typeof response.statusText === 'string' ? response.statusText : undefined,
      message: (error as Error).message,
    };
  }
  return {
    status: undefined,
    statusText: undefined,
    message: 'We could not reach Pizzon. Check your connection and try again.',
  };
}

/** A failed call as an actor reports it: rejected with the sentence a person reads (describeFailure). */
export const rejectReadably = (error: unknown): Promise<never> =>
  Promise.reject(new Error(describeFailure(error).message));
