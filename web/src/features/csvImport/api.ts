import { AuthApiError, fetchCsrfToken } from '../auth/api';

export const csvUploadUrl = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/csv`;

function parseJson(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/projects/:projectId/csv (multipart, field `file`, header X-CSRF-Token) → {jobId}.
 * `missingMarkers` (sent before the file, as a JSON array) replaces the server's default markers.
 * XMLHttpRequest rather than fetch, for the upload progress. REST errors carry the
 * `{"error": {code, message, shortMessage}}` body of docs/contracts.md.
 */
export async function uploadCsvFile(
  projectId: string,
  file: File,
  {
    onProgress,
    signal,
    missingMarkers,
  }: { onProgress?: (fraction: number) => void; signal?: AbortSignal; missingMarkers?: readonly string[] | null } = {},
): Promise<{ jobId: string }> {
  const token = await fetchCsrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', csvUploadUrl(projectId));
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.jobId === 'string') {
        resolve({ jobId: body.jobId });
        return;
      }
      const error = (body.error ?? {}) as { code?: string; message?: string; shortMessage?: string };
      reject(
        new AuthApiError(
          xhr.status,
          error.code ?? `HTTP_${xhr.status}`,
          error.message ?? (xhr.statusText || 'Upload failed'),
          error.shortMessage,
        ),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error while uploading'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    if (missingMarkers) body.append('missingMarkers', JSON.stringify(missingMarkers));
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
