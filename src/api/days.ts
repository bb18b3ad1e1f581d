import dayjs from 'dayjs';

/**
 * Manage orders' range as its address keeps it: the admin's own calendar days, `to` included. The
 * server takes instants, from inclusive and to exclusive; the days' local midnights give it the same
 * range wherever the admin is (e.g. '2026-11-24' in Dhaka starts at 2026-11-24T00:00:00+06:00).
 */
export function localDayRange(days: { from?: string | undefined; to?: string | undefined }): {
  from?: string;
  to?: string;
} {
  return {
    ...(days.from ? { from: dayjs(days.from).startOf('day').format() } : {}),
    ...(days.to ? { to: dayjs(days.to).startOf('day').add(1, 'day').format() } : {}),
  };
}
