import { ROUTES } from '../../contract/routes.ts';
import type { Profile, ProfileUpdate, UpdateResult } from '../../contract/user.ts';
import { call } from './call.ts';

export function fetchProfile(uid: string): Promise<Profile> {
  return call(ROUTES.profile, { query: { uid } });
}

export function updateProfile(id: string, uid: string, changes: ProfileUpdate): Promise<UpdateResult> {
  return call(ROUTES.updateProfile, { params: { id }, query: { uid }, body: changes });
}

/** Keeps an address on the signed-in customer's profile (checkout's "Save to my profile"). */
export function saveProfileAddress(uid: string, address: string): Promise<UpdateResult> {
  return call(ROUTES.saveAddress, { query: { uid }, body: { address } });
}
