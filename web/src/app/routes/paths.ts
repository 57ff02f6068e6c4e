// The routes of PRODUCT.md §2 that this slice serves.
export type ApiManagementTab = 'history' | 'keys' | 'reference';
export type DataSecurityTab = 'row-level' | 'column-level' | 'session-property';

export const paths = {
  root: '/',
  signIn: '/signin',
  verifyEmail: '/verify-email',
  invitation: '/invitation',
  onboardingRegister: '/onboarding/register',
  onboardingLlm: '/onboarding/register/llm',
  projects: '/projects',
  notFound: '/error/not-found',
  notSubscribed: '/error/not-subscribed',
  project: (projectId: string) => `/projects/${projectId}`,
  setupConnection: (projectId: string) => `/projects/${projectId}/setup/connection`,
  setupModels: (projectId: string) => `/projects/${projectId}/setup/models`,
  setupUploadCsv: (projectId: string) => `/projects/${projectId}/setup/upload-csv`,
  recommendRelationships: (projectId: string) => `/projects/${projectId}/recommend-relationships`,
  recommendSemantics: (projectId: string) => `/projects/${projectId}/recommend-semantics`,
  modeling: (projectId: string) => `/projects/${projectId}/modeling`,
  knowledge: (projectId: string, tab: 'question-sql-pairs' | 'instructions' = 'question-sql-pairs') =>
    `/projects/${projectId}/knowledge/${tab}`,
  apiManagement: (projectId: string, tab: ApiManagementTab = 'history') => `/projects/${projectId}/api-management/${tab}`,
  dataSecurity: (projectId: string, tab: DataSecurityTab = 'row-level') => `/projects/${projectId}/data-security/${tab}`,
  home: (projectId: string) => `/projects/${projectId}/home`,
  thread: (projectId: string, threadId: string) => `/projects/${projectId}/home/${threadId}`,
  dashboard: (projectId: string, dashboardId: string) => `/projects/${projectId}/home/dashboard/${dashboardId}`,
  newSpreadsheet: (projectId: string, responseId?: string) =>
    `/projects/${projectId}/home/spreadsheets/new${responseId ? `?responseId=${encodeURIComponent(responseId)}` : ''}`,
  spreadsheet: (projectId: string, spreadsheetId: string) => `/projects/${projectId}/home/spreadsheets/${spreadsheetId}`,
  settings: (projectId: string, section = 'project/general') => `/projects/${projectId}/settings/${section}`,
} as const;
