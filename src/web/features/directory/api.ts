import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '../../../contracts/events';
import type { UserType } from '../../../contracts/enums';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';
import { eventKeys } from '../events';

export type DirectoryType = 'organizer' | 'venue' | 'provider';

export interface DirectoryPerson {
  id: string;
  fullName: string;
  businessName: string | null;
  avatarUrl: string | null;
  userType: UserType;
  category: string | null;
  upcomingEventCount: number;
}

export interface DirectoryPage {
  people: DirectoryPerson[];
  total: number;
  page: number;
  pageSize: number;
}

export interface DirectoryParams {
  type: DirectoryType;
  q?: string;
  category?: string;
  page?: number;
  pageSize?: number;
}

export interface PublicProfile {
  id: string;
  fullName: string;
  businessName: string | null;
  avatarUrl: string | null;
  userType: UserType;
  category: string | null;
  followerCount: number;
  isFollowing: boolean;
}

export interface PublicProfileResponse {
  profile: PublicProfile;
  upcomingEvents: Event[];
}

export const DIRECTORY_PAGE_SIZE = 24;

export function directoryQueryString(params: DirectoryParams): string {
  const search = new URLSearchParams({ type: params.type });
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  search.set('page', String(params.page ?? 1));
  search.set('pageSize', String(params.pageSize ?? DIRECTORY_PAGE_SIZE));
  return search.toString();
}

const directoryKeys = {
  list: (params: DirectoryParams) => ['directory', params] as const,
  profile: (id: string) => ['organizers', id] as const,
};

export const directoryQuery = (params: DirectoryParams) =>
  queryOptions({
    queryKey: directoryKeys.list(params),
    queryFn: ({ signal }) =>
      apiGet<DirectoryPage>(`/api/directory?${directoryQueryString(params)}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** GET /api/organizers/:id: an organizer's or venue's public profile and upcoming events. */
export const publicProfileQuery = (id: string) =>
  queryOptions({
    queryKey: directoryKeys.profile(id),
    queryFn: ({ signal }) =>
      apiGet<PublicProfileResponse>(`/api/organizers/${encodeURIComponent(id)}`, { signal }),
  });

export interface FollowState {
  following: boolean;
  followerCount: number;
}

/** Follow or unfollow (POST / DELETE /api/organizers/:id/follow); the cached profile follows. */
export function useFollow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => {
      const path = `/api/organizers/${encodeURIComponent(id)}/follow`;
      return follow ? apiPost<FollowState>(path) : apiDelete<FollowState>(path);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<PublicProfileResponse>(directoryKeys.profile(id), (old) =>
        old
          ? {
              ...old,
              profile: {
                ...old.profile,
                isFollowing: state.following,
                followerCount: state.followerCount,
              },
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: eventKeys.meEvents });
    },
  });
}
