import type { ApiCallType, ApiScope } from '../../gql/graphql';

// Every value the schema has: one added there fails the type check until it has a label here.
export const API_CALL_TYPE_LABELS: Record<ApiCallType, string> = {
  ASK: 'Ask',
  STREAM_ASK: 'Ask (streamed)',
  GET_ASK: 'Get ask',
  GENERATE_SQL: 'Generate SQL',
  RUN_SQL: 'Run SQL',
  GENERATE_SUMMARY: 'Generate summary',
  GENERATE_CHART: 'Generate chart',
  GET_MODELS: 'Get models',
  GET_THREAD: 'Get thread',
  LIST_SQL_PAIRS: 'List SQL pairs',
  CREATE_SQL_PAIR: 'Create SQL pair',
  UPDATE_SQL_PAIR: 'Update SQL pair',
  DELETE_SQL_PAIR: 'Delete SQL pair',
  LIST_INSTRUCTIONS: 'List instructions',
  CREATE_INSTRUCTION: 'Create instruction',
  UPDATE_INSTRUCTION: 'Update instruction',
  DELETE_INSTRUCTION: 'Delete instruction',
  LIST_TERMS: 'List terms',
  CREATE_TERM: 'Teach or remove term',
  DELETE_TERM: 'Delete term',
};

export const API_CALL_TYPES = Object.keys(API_CALL_TYPE_LABELS) as ApiCallType[];

export const isApiCallType = (value: string): value is ApiCallType => value in API_CALL_TYPE_LABELS;

export const API_SCOPE_LABELS: Record<ApiScope, { label: string; description: string }> = {
  ASK: { label: 'Ask', description: 'Ask questions and read threads, answers, summaries and charts.' },
  RUN_SQL: { label: 'Run SQL', description: 'Run read-only SQL over the models.' },
  KNOWLEDGE: { label: 'Knowledge', description: 'Manage question-SQL pairs, instructions and taught terms.' },
  MODELS_READ: { label: 'Read models', description: 'Read the deployed models and their columns.' },
  IMPERSONATE: {
    label: 'Impersonate',
    description: 'Send the session property values a call sees data with (X-Session-Properties), instead of the values set for the key.',
  },
  ADMIN: { label: 'Admin', description: 'Everything, in every project of the organization.' },
};

/** The scopes any key may have; ADMIN only on organization-wide keys. */
export const PROJECT_SCOPES: ApiScope[] = ['ASK', 'RUN_SQL', 'KNOWLEDGE', 'MODELS_READ', 'IMPERSONATE'];

export function apiCallTypeLabel(type: string): string {
  return API_CALL_TYPE_LABELS[type as ApiCallType] ?? type;
}

export function apiScopeLabel(scope: string): string {
  return API_SCOPE_LABELS[scope as ApiScope]?.label ?? scope;
}
