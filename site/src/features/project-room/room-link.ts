/**
 * A room link's proof: the `expires` and `token` of the link in a project mail
 * (`/projects/:id?expires=…&token=…`, decision 046). Sent as the query of every room call.
 */
export interface RoomProof {
  expires?: string;
  token?: string;
}

const key = (projectId: string) => `project-room:${projectId}`;

/**
 * The proof to use for `projectId`: the one in the address (kept in this tab's sessionStorage,
 * so the room still opens after a visit to its pay page or a reload without the query), else the
 * one kept earlier, else none (a signed-in client's bearer token opens their own room).
 */
export function roomProof(projectId: string, fromUrl: RoomProof): RoomProof {
  if (typeof window === 'undefined') return {};
  if (fromUrl.expires && fromUrl.token) {
    const proof = { expires: fromUrl.expires, token: fromUrl.token };
    try {
      sessionStorage.setItem(key(projectId), JSON.stringify(proof));
    } catch {
      // Storage full or refused (private mode): the address still carries the proof.
    }
    return proof;
  }
  try {
    const kept = JSON.parse(sessionStorage.getItem(key(projectId)) ?? 'null') as RoomProof | null;
    if (typeof kept?.expires === 'string' && typeof kept.token === 'string') {
      return { expires: kept.expires, token: kept.token };
    }
  } catch {
    // Not ours or not JSON: as if there were none.
  }
  return {};
}
