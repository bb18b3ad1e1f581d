// The owner's week as the API checks it (PUT /admin-shop-hours, and GET /shop-status's answer): apart from
// contract/opening-hours.ts, whose helpers the footer of every first page reads without valibot.
import * as v from 'valibot';
import { WEEKDAY_NAMES } from './opening-hours.ts';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (label: string) =>
  v.pipe(v.string(`${label} must be HH:MM`), v.regex(CLOCK, `${label} must be HH:MM`));

/** One weekday: open from `opens` to `closes`, or closed all day (its times then kept for next time). */
export const DayHoursSchema = v.pipe(
  v.object({
    day: v.pipe(
      v.number('day must be 0 to 6'),
      v.integer('day must be 0 to 6'),
      v.minValue(0),
      v.maxValue(6),
    ),
    opens: clock('Opening time'),
    closes: clock('Closing time'),
    closed: v.boolean('closed must be true or false'),
  }),
  v.check(
    (day) => day.closed || day.opens < day.closes,
    (issue) => `${WEEKDAY_NAMES[issue.input.day] ?? 'A day'} must open before it closes`,
  ),
);

/** A date the shop stays closed (a holiday), with the owner's note. */
export const ClosedDateSchema = v.object({
  date: v.pipe(v.string('date must be YYYY-MM-DD'), v.isoDate('date must be YYYY-MM-DD')),
  note: v.pipe(
    v.optional(v.string('note must be text'), ''),
    v.trim(),
    v.maxLength(80, 'The note is too long'),
  ),
});

/** The most closed dates kept: a year of holidays and more. */
export const MAX_CLOSED_DATES = 60;

/** PUT /admin-shop-hours body, and the hours GET /shop-status carries: every weekday once, Sunday first. */
export const ShopHoursSchema = v.object({
  week: v.pipe(
    v.array(DayHoursSchema, 'week must list the seven days'),
    v.length(7, 'week must list the seven days'),
    v.check((week) => week.every((day, at) => day.day === at), 'week must list the days Sunday to Saturday'),
  ),
  closedDates: v.pipe(
    v.array(ClosedDateSchema, 'closedDates must be a list'),
    v.maxLength(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed dates`),
    v.check((dates) => new Set(dates.map((d) => d.date)).size === dates.length, 'A date is listed twice'),
  ),
});
