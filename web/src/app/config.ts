import { useEffect, useState } from 'react';

/** GET /api/config (docs/contracts.md). */
export interface AppConfig {
  telemetryKey: string;
  langfusePublicKey: string;
  csvImportMaxFileSizeMB: number;
}

export const CONFIG_URL = '/api/config';
// PRODUCT.md §9: the CSV cap is 40 MB unless the server says otherwise.
export const DEFAULT_CSV_IMPORT_MAX_FILE_SIZE_MB = 40;

function normalize(body: Partial<AppConfig>): AppConfig {
  const cap = Number(body.csvImportMaxFileSizeMB);
  return {
    telemetryKey: body.telemetryKey ?? '',
    langfusePublicKey: body.langfusePublicKey ?? '',
    csvImportMaxFileSizeMB: Number.isFinite(cap) && cap > 0 ? cap : DEFAULT_CSV_IMPORT_MAX_FILE_SIZE_MB,
  };
}

// The configuration does not change while the app runs: one request serves every page.
let pending: Promise<AppConfig> | null = null;

export function fetchAppConfig(): Promise<AppConfig> {
  pending ??= fetch(CONFIG_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET ${CONFIG_URL} answered ${response.status}`);
      return normalize((await response.json()) as Partial<AppConfig>);
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** For tests. */
export function resetAppConfigCache(): void {
  pending = null;
}

export function useAppConfig() {
  const [state, setState] = useState<{ config: AppConfig | null; error: unknown; loading: boolean }>({
    config: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    let active = true;
    fetchAppConfig().then(
      (config) => active && setState({ config, error: null, loading: false }),
      (error: unknown) => active && setState({ config: null, error, loading: false }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
