import * as v from 'valibot';
import {
  type ItemUpdate,
  MatchedSchema,
  type NewItem,
  ReservationListSchema,
  type ReservationRow,
} from '../../server/contract/admin.ts';
import { DeletedSchema } from '../../server/contract/cart.ts';
import { InsertedSchema } from '../../server/contract/http.ts';
import { type MenuItem, MenuItemListSchema, MenuItemSchema } from '../../server/contract/menu.ts';
import { type Order, OrderListSchema } from '../../server/contract/order.ts';
import { type UpdateResult, UpdateResultSchema, type User, UserSchema } from '../../server/contract/user.ts';
import { invalidate } from './cache.ts';
import { apiClient } from './http.ts';

// Every admin call names the caller in ?uid= as the spec does; the server checks it against the token.
const as = (uid: string) => ({ searchParams: { uid } });
const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;
/** A changed menu must not be served from the 5-minute menu cache. */
const menuChanged = () => invalidate('all-items');

export async function fetchUsers(uid: string): Promise<User[]> {
  return v.parse(v.array(UserSchema), await apiClient.get('users', as(uid)).json());
}

export async function deleteUser(uid: string, user: Pick<User, '_id' | 'uid'>): Promise<number> {
  const body = await apiClient
    .delete('delete-user', { searchParams: { uid, mid: user._id, fid: user.uid } })
    .json();
  return v.parse(DeletedSchema, body).deletedCount;
}

export async function addItem(item: NewItem): Promise<string> {
  const body = v.parse(InsertedSchema, await apiClient.post('add-item', { json: item }).json());
  menuChanged();
  return body.insertedId;
}

export async function fetchAdminItems(uid: string): Promise<MenuItem[]> {
  return v.parse(MenuItemListSchema, await apiClient.get('admin-all-items', as(uid)).json());
}

export async function deleteItem(uid: string, id: string): Promise<number> {
  const body = v.parse(DeletedSchema, await apiClient.delete(path('item-delete', id), as(uid)).json());
  menuChanged();
  return body.deletedCount;
}

export async function fetchItemForUpdate(uid: string, id: string): Promise<MenuItem> {
  return v.parse(MenuItemSchema, await apiClient.get(path('admin-item-update', id), as(uid)).json());
}

export async function updateItem(uid: string, id: string, changes: ItemUpdate): Promise<UpdateResult> {
  const body = await apiClient.patch(path('admin-item-update', id), { ...as(uid), json: changes }).json();
  menuChanged();
  return v.parse(UpdateResultSchema, body);
}

export async function fetchAllOrders(uid: string): Promise<Order[]> {
  return v.parse(OrderListSchema, await apiClient.get('admin-order', as(uid)).json());
}

export async function confirmOrder(uid: string, id: string): Promise<number> {
  const body = await apiClient.patch(path('admin-order-delete', id), as(uid)).json();
  return v.parse(MatchedSchema, body).matchedCount;
}

export async function removeOrder(uid: string, id: string): Promise<number> {
  const body = await apiClient.delete(path('admin-order-delete', id), as(uid)).json();
  return v.parse(DeletedSchema, body).deletedCount;
}

export async function fetchReservations(uid: string): Promise<ReservationRow[]> {
  return v.parse(ReservationListSchema, await apiClient.get('admin-reservations', as(uid)).json());
}
