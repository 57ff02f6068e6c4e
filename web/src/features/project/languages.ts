import type { ProjectLanguage } from '../../gql/graphql';

/** The 14 project languages of PRODUCT.md §3, as people read them. */
export const PROJECT_LANGUAGES: { value: ProjectLanguage; label: string }[] = [
  { value: 'EN', label: 'English' },
  { value: 'AR', label: 'Arabic' },
  { value: 'DE', label: 'German' },
  { value: 'ES', label: 'Spanish' },
  { value: 'FA_IR', label: 'Persian' },
  { value: 'FR', label: 'French' },
  { value: 'IT', label: 'Italian' },
  { value: 'JA', label: 'Japanese' },
  { value: 'KO', label: 'Korean' },
  { value: 'NL', label: 'Dutch' },
  { value: 'PT', label: 'Portuguese' },
  { value: 'RU', label: 'Russian' },
  { value: 'ZH_CN', label: 'Simplified Chinese' },
  { value: 'ZH_TW', label: 'Traditional Chinese' },
];

export function languageLabel(value: ProjectLanguage): string {
  return PROJECT_LANGUAGES.find((language) => language.value === value)?.label ?? value;
}

/** The browser's zone when the server offers it, otherwise UTC. */
export function defaultTimezone(timezones: readonly string[]): string | undefined {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (local && timezones.includes(local)) return local;
  return timezones.includes('UTC') ? 'UTC' : timezones[0];
}
