import { answered, send, type RequestOptions } from '../dataProvider/http';

/**
 * GET a file through the client's one HTTP call (a plain link or a new tab would carry no token):
 * its bytes and the name the server gave it. A refusal rejects with ApiError and the server's message.
 */
export async function fetchFile(path: string, query?: RequestOptions['query']): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, { query });
  const blob = await res.blob();
  answered();
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
