/**
 * File downloads (Excel exports, import templates, ZIPs): the call goes through the one axios
 * client so the token header and the /skapi rewrite apply, the answer is read as a blob and saved
 * under the name the server gives in Content-Disposition (filename* first: Chinese names survive).
 */
import { http, type ApiError } from './request';

/** File name from a Content-Disposition header: filename*=UTF-8''… wins over filename="…". */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const raw = star[1].trim().replace(/^"(.*)"$/, '$1');
    const value = raw.replace(/^[\w-]+'[^']*'/, '');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return null;
}

/** A JSON error answer arrives as a Blob when responseType is blob: turn it back into {code,msg}. */
export async function blobError(data: Blob, status: number): Promise<ApiError> {
  try {
    const body = JSON.parse(await data.text()) as Partial<ApiError>;
    if (typeof body.msg === 'string') {
      return { code: typeof body.code === 'number' ? body.code : status, msg: body.msg, status, field: body.field, data: body.data };
    }
  } catch {
    /* not JSON: the generic message below */
  }
  return { code: status, msg: `HTTP ${status}`, status };
}

/** Saves a blob through a temporary object URL and a clicked <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Downloads `url` (relative to /api) with `params` as the query and saves it. Rejects with
 * {code, msg} (the server's message) when the server answers with an error.
 */
export async function downloadFile(url: string, params?: Record<string, unknown>, fallbackName = 'download'): Promise<void> {
  // Every status but 401 resolves here, so the JSON error inside the blob can be read; a 401
  // still goes through the client's interceptor, which opens the session-expired modal.
  const res = await http.request<Blob>({ url, method: 'GET', params, responseType: 'blob', validateStatus: (s) => s !== 401 });
  if (res.status >= 400) throw await blobError(res.data, res.status);
  const header = res.headers['content-disposition'] as string | undefined;
  const name = fileNameFromDisposition(header) ?? fallbackName;
  saveBlob(res.data, name);
}

/** A stored file as a blob, for a preview in the page (the url the server gave, with or without the /api base). */
export async function fetchFileBlob(url: string): Promise<Blob> {
  const res = await http.request<Blob>({ url: url.replace(/^\/api(?=\/)/, ''), method: 'GET', responseType: 'blob', validateStatus: (s) => s !== 401 });
  if (res.status >= 400) throw await blobError(res.data, res.status);
  return res.data;
}
