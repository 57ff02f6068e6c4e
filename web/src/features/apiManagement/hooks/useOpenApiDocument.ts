import { useCallback, useEffect, useState } from 'react';
import { isOpenApiDocument, type OpenApiDocument } from '../openapi';

export const OPENAPI_URL = '/api/v1/openapi.json';

type DocumentState =
  | { status: 'loading' }
  | { status: 'loaded'; document: OpenApiDocument }
  | { status: 'failed'; message: string };

/** The REST API's OpenAPI document (public, same origin), with a retry. */
export function useOpenApiDocument() {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetch(OPENAPI_URL, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The server answered ${response.status}.`);
        const body: unknown = await response.json();
        if (!isOpenApiDocument(body)) throw new Error('The answer is not an OpenAPI document.');
        setState({ status: 'loaded', document: body });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
