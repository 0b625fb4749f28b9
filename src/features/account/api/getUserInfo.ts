// GET /api/ERPUser/GetUserInfo (§7.2): the signed-in user's profile.
import useSWR from 'swr';
import { http, unwrap } from '../../../lib/http/client';
import type { UserProfile } from '../../../../common/wire';

export const USER_PROFILE_KEY = '/api/ERPUser/GetUserInfo';

export const getUserProfile = (): Promise<UserProfile> => unwrap(http.get<UserProfile>(USER_PROFILE_KEY));

export const useUserProfile = () => useSWR(USER_PROFILE_KEY, getUserProfile, { shouldRetryOnError: false });
