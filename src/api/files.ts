import { ApiError, NetworkError, joinUrl } from './http.ts';
import { normalizeUpload } from './normalize/upload.ts';
import type { UploadResponse } from './wire.ts';

export { fileUrl, userPhotoUrl } from './fileUrls.ts';

/**
 * File uploads. `fetch` cannot report upload progress, so this one resource speaks XHR.
 * `POST /{pid}/files/chat` (multipart field `file`) on current services; the document's
 * `POST /images/users` / `/files/users` on older ones.
 */
export interface UploadOptions {
  apiUrl: string;
  token: string;
  file: Blob;
  fileName: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Injected by tests; the page's own constructor otherwise. */
  xhr?: () => XMLHttpRequest;
}

/** Resolves with the stored file, or null when a 2xx answer names no file. */
function post(path: string, options: UploadOptions): Promise<UploadResponse | null> {
  return new Promise((resolve, reject) => {
    const xhr = options.xhr ? options.xhr() : new XMLHttpRequest();
    xhr.open('POST', joinUrl(options.apiUrl, path));
    xhr.withCredentials = false;
    xhr.setRequestHeader('Authorization', options.token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed'), false));
    xhr.ontimeout = () => reject(new NetworkError(new Error('upload timed out'), true));
    xhr.onabort = () => reject(new NetworkError(new Error('upload aborted'), false));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* plain text */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(normalizeUpload(body));
      else reject(new ApiError(xhr.status, body, xhr.getResponseHeader('Retry-After')));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', options.file, options.fileName);
    xhr.send(form);
  });
}

export function uploadChatFile(projectId: string, options: UploadOptions): Promise<UploadResponse | null> {
  return post(`/${encodeURIComponent(projectId)}/files/chat`, options);
}

export function uploadLegacy(kind: 'images' | 'files', options: UploadOptions): Promise<UploadResponse | null> {
  return post(`/${kind}/users`, options);
}
