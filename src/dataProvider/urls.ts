/** Base of every call (docs/API.md); the dev server and the server itself serve it same-origin. */
export const API_BASE = '/api';

/** The URL of a resource the browser loads itself (an `<img src>`): a path under the API base. */
export const apiUrl = (path: string): string => `${API_BASE}/${path.replace(/^\/+/, '')}`;
