import * as v from 'valibot';
import { fromPromise } from 'xstate';
import {
  type DayTable,
  type DiningTable,
  RoomSettingsSchema,
  TableInputSchema,
  WalkInSchema,
} from '../../contract/booking.ts';
import { BOOKING_STATE_LABELS, type BookingState } from '../../contract/booking-lifecycle.ts';
import { createListMachine, type RowAction } from '../../machines/list.machine.ts';
import { roomSettingsMachine } from '../../machines/room-settings.machine.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import {
  addTable,
  type DayQuery,
  fetchDay,
  fetchRoomSettings,
  fetchTables,
  moveBooking,
  removeTable,
  saveRoomSettings,
  seatWalkIn,
} from '../api/bookings.ts';
import type { PageSize } from '../api/paging.ts';
import { notify } from '../ui/toast.ts';
import { asAdmin } from './admin.ts';
import { fromActors, useLogic } from './context.tsx';

const announceFailure = (_: unknown, { message }: { message: string }) => notify.error(message);

/** The owner's room (Admin → Tables) and day (Admin → Reservations, Day), acting as the signed-in admin. */
export const roomLogic = fromActors((actors) => {
  const admin = <T>(call: (uid: string) => Promise<T>) => asAdmin(actors, call);
  return {
    tables: createListMachine<DiningTable, PageSize>('tables').provide({
      actors: {
        fetchPage: fromPromise(({ input }) => admin((uid) => fetchTables(uid, input.query, input.cursor))),
        act: fromPromise(({ input }: { input: RowAction }) => admin((uid) => removeTable(uid, input.id))),
      },
      actions: { announceDone: () => notify.success('The table is taken out of the room'), announceFailure },
    }),

    addTable: createSubmitMachine('addTable').provide({
      actors: {
        submit: fromPromise(({ input }) =>
          admin(async (uid) => (await addTable(uid, v.parse(TableInputSchema, input)))._id),
        ),
      },
      actions: { announceDone: () => notify.success('The table is added to the room'), announceFailure },
    }),

    roomSettings: roomSettingsMachine.provide({
      actors: {
        fetchSettings: fromPromise(() => admin((uid) => fetchRoomSettings(uid))),
        saveSettings: fromPromise(({ input }) =>
          admin((uid) => saveRoomSettings(uid, v.parse(RoomSettingsSchema, input))),
        ),
      },
      actions: { announceSaved: () => notify.success('The room’s rules are saved') },
    }),

    /** The day: its tables a page at a time; a row action moves one booking (action: the state). */
    day: createListMachine<DayTable, DayQuery>('roomDay').provide({
      actors: {
        fetchPage: fromPromise(({ input }) => admin((uid) => fetchDay(uid, input.query, input.cursor))),
        act: fromPromise(({ input }: { input: RowAction }) =>
          admin(async (uid) => {
            await moveBooking(uid, input.id, input.action as BookingState);
            return 1;
          }),
        ),
      },
      actions: {
        announceDone: (_, { action }) =>
          notify.success(`Marked ${BOOKING_STATE_LABELS[action as BookingState].toLowerCase()}`),
        announceFailure,
      },
    }),

    walkIn: createSubmitMachine('walkIn').provide({
      actors: {
        submit: fromPromise(({ input }) =>
          admin(async (uid) => (await seatWalkIn(uid, v.parse(WalkInSchema, input))).insertedId),
        ),
      },
      actions: { announceDone: () => notify.success('The walk-in is seated'), announceFailure },
    }),
  };
});

export const useRoomLogic = () => useLogic(roomLogic);
