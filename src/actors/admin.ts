import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { NewItemSchema, type ReservationRow } from '../../contract/admin.ts';
import type { MenuItem } from '../../contract/menu.ts';
import type { Order } from '../../contract/order.ts';
import type { Promotion, PromotionFormInput } from '../../contract/promotions.ts';
import type { User } from '../../contract/user.ts';
import { itemUpdateMachine } from '../../machines/item-update.machine.ts';
import { createListMachine, type RowAction } from '../../machines/list.machine.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import {
  addItem,
  confirmOrder,
  deleteItem,
  deleteUser,
  fetchAdminItems,
  fetchAllOrders,
  fetchItemForUpdate,
  fetchOwnersDay,
  fetchPromotions,
  fetchReservations,
  fetchUsers,
  type ItemListQuery,
  type OrderListQuery,
  type ReservationListQuery,
  removeOrder,
  savePromotion,
  setItemStock,
  transitionOrder,
  type UserListQuery,
  updateItem,
} from '../api/admin.ts';
import type { PageSize } from '../api/paging.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { fromActors, useLogic } from './context.tsx';
import { settle } from './order-feed.ts';
import type { Actors } from './registry.ts';

/** Runs a call as the registry's signed-in admin; failures become the server's sentence. */
export const asAdmin = <T>(
  { signedInUid }: Pick<Actors, 'signedInUid'>,
  call: (uid: string) => Promise<T>,
): Promise<T> => call(signedInUid()).catch(rejectReadably);

const announceFailure = (_: unknown, { message }: { message: string }) => notify.error(message);

export const adminLogic = fromActors((actors) => {
  const admin = <T>(call: (uid: string) => Promise<T>) => asAdmin(actors, call);
  return {
    users: createListMachine<User, UserListQuery>('users').provide({
      actors: {
        fetchPage: fromPromise(({ input }) => admin((uid) => fetchUsers(uid, input.query, input.cursor))),
        act: fromPromise(({ input }: { input: RowAction }) =>
          admin((uid) => deleteUser(uid, { _id: input.id, uid: input.uid ?? '' })),
        ),
      },
      actions: { announceDone: () => notify.success('The account has been deleted'), announceFailure },
    }),

    adminItems: createListMachine<MenuItem, ItemListQuery>('adminItems').provide({
      actors: {
        fetchPage: fromPromise(({ input }) =>
          admin((uid) => fetchAdminItems(uid, input.query, input.cursor)),
        ),
        act: fromPromise(({ input }: { input: RowAction }) =>
          admin(async (uid) => {
            if (input.action === 'delete') return deleteItem(uid, input.id);
            // Back in stock's count, typed when none was kept, rides as the action's note.
            const typed = input.note ? { quantity: Number(input.note) } : {};
            await setItemStock(uid, input.id, { soldOut: input.action === 'soldOut', ...typed });
            return 1;
          }),
        ),
      },
      actions: {
        announceDone: (_, { action }) =>
          notify.success(
            action === 'soldOut'
              ? 'Marked sold out'
              : action === 'backInStock'
                ? 'Back in stock'
                : 'Item delete successfull!',
          ),
        announceFailure,
      },
    }),

    adminOrders: createListMachine<Order, OrderListQuery>('adminOrders').provide({
      actors: {
        fetchPage: fromPromise(({ input }) => admin((uid) => fetchAllOrders(uid, input.query, input.cursor))),
        act: fromPromise(({ input }: { input: RowAction }) =>
          admin(async (uid) => {
            if (input.action === 'confirm') return confirmOrder(uid, input.id);
            // Refund due → refunded: staff's event, with who and when, on the order's timeline.
            if (input.action === 'refunded') {
              await transitionOrder(uid, input.id, { to: 'refunded' });
              return 1;
            }
            return removeOrder(uid, input.id);
          }),
        ),
      },
      actions: {
        // The spec shows the removal in error style.
        announceDone: (_, { action }) =>
          action === 'confirm'
            ? notify.success('Order confirm successful!')
            : action === 'refunded'
              ? notify.success('Marked refunded')
              : notify.error('Order cancle!'),
        announceFailure,
      },
    }),

    reservations: createListMachine<ReservationRow, ReservationListQuery>('reservations').provide({
      actors: {
        fetchPage: fromPromise(({ input }) =>
          admin((uid) => fetchReservations(uid, input.query, input.cursor)),
        ),
      },
    }),

    addItem: createSubmitMachine('addItem').provide({
      actors: { submit: fromPromise(({ input }) => admin(() => addItem(v.parse(NewItemSchema, input)))) },
      actions: { announceDone: () => notify.success('Add success'), announceFailure },
    }),

    promotions: createListMachine<Promotion, PageSize>('promotions').provide({
      actors: {
        fetchPage: fromPromise(({ input }) =>
          admin((uid) => fetchPromotions(uid, input.query, input.cursor)),
        ),
      },
    }),

    /** Admin → Promotions' form: a new code, or (an `_id` given) a code's terms changed. */
    savePromotion: createSubmitMachine('savePromotion').provide({
      actors: {
        submit: fromPromise(({ input }) => {
          const { _id, ...terms } = input as PromotionFormInput & { _id?: string };
          return admin(async (uid) => (await savePromotion(uid, _id ?? null, terms))._id);
        }),
      },
      actions: { announceDone: () => notify.success('Promo code saved'), announceFailure },
    }),

    /** The owner's day, read once per mount (the dashboard mounts it again as orders change). */
    ownersDay: fromPromise(() => settle(admin((uid) => fetchOwnersDay(uid)))),

    itemUpdate: itemUpdateMachine.provide({
      actors: {
        fetchItem: fromPromise(({ input }) => admin((uid) => fetchItemForUpdate(uid, input.id))),
        saveItem: fromPromise(({ input }) => admin((uid) => updateItem(uid, input.id, input.changes))),
      },
      actions: {
        announceSaved: () => notify.success('Your item update successfull'),
        announceUnchanged: () => notify.success('Nothing to update: the item is already like this'),
        announceFailure,
      },
    }),
  };
});

/** The admin pages' machines, acting as the registry's signed-in admin. */
export const useAdminLogic = () => useLogic(adminLogic);
