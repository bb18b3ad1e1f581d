import * as v from 'valibot';

/**
 * Invalid inputs derived from a valibot object schema: the generator reads each entry's type, its
 * wrappers (optional, union) and its pipe (trim, non_empty, max_length, min/max_value, integer, formats,
 * transform to Number) and answers values that break them, one field at a time, around a valid input.
 */

/** A JSON value, or raw JSON text for what JSON.stringify can not write (Infinity). */
export type Value = unknown;
export class RawJson {
  constructor(readonly text: string) {}
}

/** One way to break an input: a field missing, a field with an invalid value, or a field too many. */
export interface InvalidCase {
  /** What is wrong, e.g. 'price: above the maximum (100001)'. */
  label: string;
  key: string;
  /** The field's new value; undefined when the field is left out. */
  value?: Value;
  missing?: true;
}

/** The input with the case's one change. */
export function applyCase(valid: Record<string, Value>, change: InvalidCase): Record<string, Value> {
  const { [change.key]: _, ...rest } = valid;
  return change.missing ? rest : { ...rest, [change.key]: change.value };
}

/** What a field accepts, read from its schema. */
export interface FieldShape {
  /** JSON kinds its base schema takes ('any' for unknown). */
  kinds: Set<'string' | 'number' | 'boolean' | 'array' | 'object' | 'any'>;
  /** It takes null as well. */
  nullable: boolean;
  picklist?: readonly unknown[];
  trims: boolean;
  nonEmpty: boolean;
  maxLength?: number;
  /** Text with a format: regex, email, uuid, ISO date or time. */
  formatted: boolean;
  /** Transformed with Number, so numbers may come as text. */
  toNumber: boolean;
  minValue?: number;
  maxValue?: number;
  integer: boolean;
}

interface Node {
  type: string;
  pipe?: Node[];
  wrapped?: Node;
  options?: unknown[];
  requirement?: unknown;
  operation?: unknown;
}

const FORMATS = new Set(['regex', 'email', 'uuid', 'iso_date', 'iso_time']);

function read(node: Node, shape: FieldShape): void {
  if (node.pipe) {
    const [base, ...actions] = node.pipe;
    read(base!, shape);
    for (const action of actions) apply(action, shape);
    return;
  }
  switch (node.type) {
    case 'nullable':
    case 'nullish':
      shape.nullable = true;
      read(node.wrapped!, shape);
      return;
    case 'optional':
      read(node.wrapped!, shape);
      return;
    // A list or a group of fields: broken here by its JSON type (its own fields are the schema's to check).
    case 'array':
      shape.kinds.add('array');
      return;
    case 'object':
    case 'strict_object':
      shape.kinds.add('object');
      return;
    case 'union':
      for (const option of node.options as Node[]) read(option, shape);
      return;
    case 'picklist':
      shape.picklist = node.options;
      for (const option of node.options!) shape.kinds.add(typeof option === 'number' ? 'number' : 'string');
      return;
    case 'string':
    case 'number':
    case 'boolean':
      shape.kinds.add(node.type);
      return;
    case 'unknown':
    case 'any':
      shape.kinds.add('any');
      return;
    default:
      throw new Error(`The invalid-value generator does not know valibot's '${node.type}' schema yet`);
  }
}

function apply(action: Node, shape: FieldShape): void {
  const requirement = action.requirement;
  switch (action.type) {
    case 'trim':
      shape.trims = true;
      return;
    case 'non_empty':
      shape.nonEmpty = true;
      return;
    case 'max_length':
      shape.maxLength = requirement as number;
      return;
    case 'min_value':
      shape.minValue = requirement as number;
      return;
    case 'max_value':
      shape.maxValue = requirement as number;
      return;
    case 'integer':
      shape.integer = true;
      return;
    case 'transform':
      if (action.operation === Number) shape.toNumber = true;
      return;
    default:
      if (FORMATS.has(action.type)) shape.formatted = true;
  }
}

export function fieldShape(schema: v.GenericSchema): FieldShape {
  const shape: FieldShape = {
    kinds: new Set(),
    nullable: false,
    trims: false,
    nonEmpty: false,
    formatted: false,
    toNumber: false,
    integer: false,
  };
  read(schema as unknown as Node, shape);
  return shape;
}

/** ASCII letters, digits and signs as their full-width look-alikes ('１２', 'ａｌｌ'). */
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x21 + 0xff01));

/** The largest PostgreSQL integer; whole numbers are stored in integer columns. */
const PG_INTEGER_MAX = 2 ** 31 - 1;
/** Long, but well under the API's body limit, so the schema (not the limit) must refuse it. */
const HUGE_TEXT_LENGTH = 50_000;

/** Invalid values of one field, labelled. */
export function invalidValues(
  shape: FieldShape,
  valid: Value,
  location: 'json' | 'text',
): Array<[string, Value]> {
  const cases: Array<[string, Value]> = [];
  // Anything goes (a field the server ignores, like checkout's `carts`).
  if (shape.kinds.has('any')) return cases;
  const takesText = shape.kinds.has('string');
  const takesNumber = shape.kinds.has('number') || shape.toNumber;

  if (location === 'json') {
    const wrongTypes: Array<[string, Value, boolean]> = [
      ['text', 'text', takesText],
      ['a number', 42, shape.kinds.has('number')],
      ['a boolean', true, shape.kinds.has('boolean')],
      ['null', null, shape.nullable],
      ['an array', [valid], shape.kinds.has('array')],
      ['an object', { value: valid }, shape.kinds.has('object')],
    ];
    for (const [name, value, accepted] of wrongTypes)
      if (!accepted) cases.push([`wrong type: ${name}`, value]);
    // A yes/no goes as JSON true or false, never as text that reads like one.
    if (shape.kinds.has('boolean'))
      for (const text of ['true', 'false', '1', '0']) cases.push([`'${text}' as text`, text]);
  }

  if (takesText) {
    const text = typeof valid === 'string' ? valid : String(valid);
    if (shape.nonEmpty || shape.toNumber || shape.picklist || shape.formatted) cases.push(['empty text', '']);
    if (shape.trims && (shape.nonEmpty || shape.toNumber)) cases.push(['only spaces', ' \t\n ']);
    if (shape.maxLength !== undefined) {
      cases.push([`longer than ${shape.maxLength}`, 'x'.repeat(shape.maxLength + 1)]);
      // Length is counted in UTF-16 units: emoji take two each.
      cases.push([
        `longer than ${shape.maxLength} in emoji`,
        '🍕'.repeat(Math.ceil((shape.maxLength + 1) / 2)),
      ]);
    }
    cases.push([`huge (${HUGE_TEXT_LENGTH} characters)`, 'x'.repeat(HUGE_TEXT_LENGTH)]);
    // PostgreSQL text can not hold NUL: it must be refused before it reaches the database.
    cases.push(['a NUL character', `${text}\u0000`]);
    if (shape.picklist) {
      cases.push(['not one of the choices', 'nope']);
      if (text.toUpperCase() !== text) cases.push(['a choice in capitals', text.toUpperCase()]);
      cases.push(['a choice with spaces', ` ${text} `]);
    }
    if (shape.picklist || shape.formatted || shape.toNumber) {
      cases.push(['full-width look-alike characters', fullWidth(text)]);
    }
    if (shape.formatted) cases.push(['not in its format', 'not valid at all!']);
    if (shape.toNumber) {
      for (const text of ['NaN', 'Infinity', '-Infinity', '12abc', '١٢'])
        cases.push([`not a number: '${text}'`, text]);
    }
  }

  if (takesNumber) {
    // Numbers go as JSON numbers where the field takes them, else as text (a query, or a text field).
    const asSent = (n: number): Value => (shape.kinds.has('number') && location === 'json' ? n : String(n));
    if (shape.minValue !== undefined) {
      cases.push([`below the minimum (${shape.minValue - 1})`, asSent(shape.minValue - 1)]);
      if (shape.minValue > 0) cases.push(['negative', asSent(-1)]);
    }
    if (shape.maxValue !== undefined) {
      cases.push([`above the maximum (${shape.maxValue + 1})`, asSent(shape.maxValue + 1)]);
      cases.push(['huge (1e20)', asSent(1e20)]);
    }
    if (shape.integer) {
      cases.push(['a fraction', asSent(1.5)]);
      cases.push(['beyond a database integer', asSent(PG_INTEGER_MAX + 1)]);
    }
    if (shape.kinds.has('number') && location === 'json') {
      // JSON.parse reads 1e309 as Infinity: a JSON body can carry it although JSON.stringify can not.
      cases.push(['Infinity', new RawJson('1e309')]);
      cases.push(['-Infinity', new RawJson('-1e309')]);
    }
  }
  return cases;
}

interface ObjectNode {
  type: string;
  entries: Record<string, v.GenericSchema>;
}

/**
 * Every way to break an input of an object schema, one field at a time: each field missing (when that
 * is refused), each field's invalid values, and an unknown field when the schema is strict. `sample` is a
 * valid input; values like "the valid text plus a NUL" are derived from it.
 */
export function invalidCases(
  schema: v.GenericSchema,
  sample: Record<string, Value>,
  location: 'json' | 'text',
): InvalidCase[] {
  const node = schema as unknown as ObjectNode;
  if (!node.entries) throw new Error('invalidCases needs an object schema');
  if (!v.safeParse(schema, sample).success)
    throw new Error(`The sample is not valid: ${JSON.stringify(sample)}`);
  const cases: InvalidCase[] = [];
  for (const [key, entry] of Object.entries(node.entries)) {
    if (!v.safeParse(entry, undefined).success) cases.push({ label: `${key}: missing`, key, missing: true });
    for (const [label, value] of invalidValues(fieldShape(entry), sample[key], location)) {
      cases.push({ label: `${key}: ${label}`, key, value });
    }
  }
  if (node.type === 'strict_object')
    cases.push({ label: 'an unknown field', key: 'unexpected', value: 'field' });
  return cases;
}

/** True for schemas that drop unknown fields rather than refuse them. */
export const dropsUnknownFields = (schema: v.GenericSchema): boolean =>
  (schema as unknown as ObjectNode).type === 'object';

/** JSON text of an input, with RawJson values written as they are. */
export function toJsonText(input: Record<string, Value>): string {
  const raws: string[] = [];
  const text = JSON.stringify(input, (_, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raws.push(value.text);
    return `__raw_${raws.length - 1}__`;
  });
  return text.replace(/"__raw_(\d+)__"/g, (_, i: string) => raws[Number(i)]!);
}
