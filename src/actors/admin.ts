import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { itemUpdateMachine } from '../../machines/item-update.machine.ts';
import { createListMachine, type RowAction } from '../../machines/list.machine.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import { NewItemSchema, type ReservationRow } from '../../server/contract/admin.ts';
import type { MenuItem } from '../../server/contract/menu.ts';
import type { Order } from '../../server/contract/order.ts';
import type { User } from '../../server/contract/user.ts';
import {
  addItem,
  confirmOrder,
  deleteItem,
  deleteUser,
  fetchAdminItems,
  fetchAllOrders,
  fetchItemForUpdate,
  fetchReservations,
  fetchUsers,
  type ItemListQuery,
  markSoldOut,
  type OrderListQuery,
  type ReservationListQuery,
  removeOrder,
  type UserListQuery,
  updateItem,
} from '../api/admin.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { signedInUid } from './session.ts';

/** Runs a call as the signed-in admin; failures become the server's sentence. */
export const asAdmin = <T>(call: (uid: string) => Promise<T>): Promise<T> =>
  call(signedInUid()).catch(rejectReadably);

const announceFailure = (_: unknown, { message }: { message: string }) => notify.error(message);

export const liveUsersMachine = createListMachine<User, UserListQuery>('users').provide({
  actors: {
    fetchPage: fromPromise(({ input }) => asAdmin((uid) => fetchUsers(uid, input.query, input.cursor))),
    act: fromPromise(({ input }: { input: RowAction }) =>
      asAdmin((uid) => deleteUser(uid, { _id: input.id, uid: input.uid ?? '' })),
    ),
  },
  actions: { announceDone: () => notify.success('The account has been deleted'), announceFailure },
});

export const liveAdminItemsMachine = createListMachine<MenuItem, ItemListQuery>('adminItems').provide({
  actors: {
    fetchPage: fromPromise(({ input }) => asAdmin((uid) => fetchAdminItems(uid, input.query, input.cursor))),
    act: fromPromise(({ input }: { input: RowAction }) =>
      asAdmin(async (uid) =>
        input.action === 'soldOut'
          ? (await markSoldOut(uid, input.id)).matchedCount
          : deleteItem(uid, input.id),
      ),
    ),
  },
  actions: {
    announceDone: (_, { action }) =>
      notify.success(action === 'soldOut' ? 'Marked sold out' : 'Item delete successfull!'),
    announceFailure,
  },
});

export const liveAdminOrdersMachine = createListMachine<Order, OrderListQuery>('adminOrders').provide({
  actors: {
    fetchPage: fromPromise(({ input }) => asAdmin((uid) => fetchAllOrders(uid, input.query, input.cursor))),
    act: fromPromise(({ input }: { input: RowAction }) =>
      asAdmin((uid) =>
        input.action === 'confirm' ? confirmOrder(uid, input.id) : removeOrder(uid, input.id),
      ),
    ),
  },
  actions: {
    // The spec shows the removal in error style.
    announceDone: (_, { action }) =>
      action === 'confirm' ? notify.success('Order confirm successful!') : notify.error('Order cancle!'),
    announceFailure,
  },
});

export const liveReservationsMachine = createListMachine<ReservationRow, ReservationListQuery>(
  'reservations',
).provide({
  actors: {
    fetchPage: fromPromise(({ input }) =>
      asAdmin((uid) => fetchReservations(uid, input.query, input.cursor)),
    ),
  },
});

export const liveAddItemMachine = createSubmitMachine('addItem').provide({
  actors: { submit: fromPromise(({ input }) => asAdmin(() => addItem(v.parse(NewItemSchema, input)))) },
  actions: { announceDone: () => notify.success('Add success'), announceFailure },
});

export const liveItemUpdateMachine = itemUpdateMachine.provide({
  actors: {
    fetchItem: fromPromise(({ input }) => asAdmin((uid) => fetchItemForUpdate(uid, input.id))),
    saveItem: fromPromise(({ input }) => asAdmin((uid) => updateItem(uid, input.id, input.changes))),
  },
  actions: {
    announceSaved: () => notify.success('Your item update successfull'),
    announceUnchanged: () => notify.success('Nothing to update: the item is already like this'),
    announceFailure,
  },
});
