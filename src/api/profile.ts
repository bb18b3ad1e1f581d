import * as v from 'valibot';
import {
  type Profile,
  ProfileSchema,
  type ProfileUpdate,
  type UpdateResult,
  UpdateResultSchema,
} from '../../contract/user.ts';
import { apiClient } from './http.ts';

export async function fetchProfile(uid: string): Promise<Profile> {
  return v.parse(ProfileSchema, await apiClient.get('profile', { searchParams: { uid } }).json());
}

export async function updateProfile(id: string, uid: string, changes: ProfileUpdate): Promise<UpdateResult> {
  const body = await apiClient
    .patch(`update-profile/${encodeURIComponent(id)}`, { searchParams: { uid }, json: changes })
    .json();
  return v.parse(UpdateResultSchema, body);
}

/** Keeps an address on the signed-in customer's profile (checkout's "Save to my profile"). */
export async function saveProfileAddress(uid: string, address: string): Promise<UpdateResult> {
  const body = await apiClient.put('profile/address', { searchParams: { uid }, json: { address } }).json();
  return v.parse(UpdateResultSchema, body);
}
