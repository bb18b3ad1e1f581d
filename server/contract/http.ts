import * as v from 'valibot';

/** Every error the API answers has this body, whatever the status. */
export const ErrorBodySchema = v.object({ message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

export const InsertedSchema = v.object({ insertedId: v.string() });
