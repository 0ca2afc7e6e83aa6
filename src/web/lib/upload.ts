import { ApiError, NetworkError } from './api-client';
import type { ErrorCode } from '../../contracts/errors';

/**
 * Posts one file as multipart form data and reports upload progress (0–1). XMLHttpRequest,
 * because fetch cannot report upload progress. Rejects with ApiError or NetworkError like
 * apiRequest does.
 */
export function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = (body as { error?: { code: ErrorCode; message: string; details?: unknown } })
        ?.error;
      reject(
        error
          ? new ApiError(xhr.status, error.code, error.message, error.details)
          : new ApiError(
              xhr.status,
              xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL',
              `Request failed with status ${xhr.status}`,
            ),
      );
    };
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
