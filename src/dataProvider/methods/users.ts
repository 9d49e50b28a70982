import { request } from '../http';
import type { Query } from './query';

/** An account a user picker offers. */
export interface PickedUser {
  _id: string;
  username: string;
}

export interface UserMethods {
  /** The accounts a picker's list call answers for its query and the typed text (`q`): the server filters and caps them. */
  findUsers<T extends PickedUser>(path: string, query: Query): Promise<T[]>;
}

export const userMethods = (): UserMethods => ({
  findUsers: async <T extends PickedUser>(path: string, query: Query) => (await request<T[]>(path, { query })).json.data ?? [],
});
