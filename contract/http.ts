import * as v from 'valibot';

/** Every error the API answers has this body, whatever the status. */
export const ErrorBodySchema = v.object({ message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

export const InsertedSchema = v.object({ insertedId: v.string() });

/**
 * Where the storefront's own origin serves the API (the site server and Vite's dev server pass it on),
 * unless VITE_API_URL names another host.
 */
export const API_PATH_PREFIX = '/api';

/**
 * The element of a server-rendered page that carries the API answers it was rendered with: the site
 * server writes it, the SPA reads it (src/api/page-data.ts).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
