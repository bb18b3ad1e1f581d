const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; checking first turns a malformed id into "not found" instead of a SQL error. */
export const isUuid = (id: string): boolean => UUID.test(id);
