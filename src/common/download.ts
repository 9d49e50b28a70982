import type { Envelope } from '../../domain/api';
import { extendSession, getToken } from '../auth/session';
import { ApiError, buildUrl, NetworkError, type RequestOptions } from '../dataProvider/http';
import { translateMessage } from '../i18n/translate';

/**
 * GET a file with the bearer token (a plain link or a new tab would carry no token): its bytes and
 * the name the server gave it. A refusal rejects with ApiError and the server's message.
 */
export async function fetchFile(path: string, query?: RequestOptions['query']): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers, credentials: 'include' });
  } catch (e) {
    throw new NetworkError(e);
  }
  if (!res.ok) {
    let body: Envelope | null = null;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      body = null;
    }
    const message = body?.message ? translateMessage({ message: body.message, code: body.code, params: body.params }) : undefined;
    throw new ApiError(message ?? (res.statusText || 'Download failed'), res.status, body);
  }
  const blob = await res.blob();
  extendSession();
  const filename = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob, filename };
}

/** Saves bytes under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
