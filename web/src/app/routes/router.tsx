import { Navigate, createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from './paths';
import { LoadingState } from '../../components/page/PageStates';
import { AppLayout } from '../layouts/AppLayout';
import { ProjectGuard } from '../layouts/ProjectGuard';
import { RequireSession } from '../layouts/RequireSession';

// Pages load on demand; layouts and guards are part of the main bundle.
const page = <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route whose ids are not ids names nothing: the 404 page, not a failed request. */
export function idsOrNotFound({ params }: Pick<LoaderFunctionArgs, 'params'>) {
  const bad = Object.entries(params).some(([name, value]) => name.endsWith('Id') && !ID.test(value ?? ''));
  return bad ? redirect(paths.notFound) : null;
}

const apiManagementPages = () => import('../../pages/projects/[projectId]/api-management/ApiManagementPages');
const dataSecurityPages = () => import('../../pages/projects/[projectId]/data-security/DataSecurityPages');
const settingsPages = () => import('../../pages/projects/[projectId]/settings/SettingsPages');

export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: () => <LoadingState fullPage />,
    children: [
      { path: 'signin', ...page(() => import('../../pages/signin/SignInPage'), (m) => m.SignInPage) },
      { path: 'verify-email', ...page(() => import('../../pages/verify-email/VerifyEmailPage'), (m) => m.VerifyEmailPage) },
      // Signed in or not: the page itself offers sign-up, sign-in or accept.
      { path: 'invitation', ...page(() => import('../../pages/invitation/InvitationPage'), (m) => m.InvitationPage) },
      { path: 'error/not-found', ...page(() => import('../../pages/error/not-found/NotFoundPage'), (m) => m.NotFoundPage) },
      {
        path: 'error/not-subscribed',
        ...page(() => import('../../pages/error/not-subscribed/NotSubscribedPage'), (m) => m.NotSubscribedPage),
      },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          {
            path: 'onboarding/register/llm',
            ...page(() => import('../../pages/onboarding/llm/OnboardingLlmPage'), (m) => m.OnboardingLlmPage),
          },
          {
            path: 'onboarding/register',
            ...page(() => import('../../pages/onboarding/register/OnboardingRegisterPage'), (m) => m.OnboardingRegisterPage),
          },
          {
            element: <AppLayout />,
            children: [
              { path: 'projects', ...page(() => import('../../pages/projects/ProjectsPage'), (m) => m.ProjectsPage) },
              {
                path: 'projects/:projectId',
                loader: idsOrNotFound,
                element: <ProjectGuard />,
                children: [
                  {
                    index: true,
                    ...page(() => import('../../pages/projects/[projectId]/ProjectEntryPage'), (m) => m.ProjectEntryPage),
                  },
                  {
                    path: 'setup/connection',
                    ...page(
                      () => import('../../pages/projects/[projectId]/setup/connection/SetupConnectionPage'),
                      (m) => m.SetupConnectionPage,
                    ),
                  },
                  {
                    path: 'setup/models',
                    ...page(
                      () => import('../../pages/projects/[projectId]/setup/models/SetupModelsPage'),
                      (m) => m.SetupModelsPage,
                    ),
                  },
                  {
                    path: 'setup/upload-csv',
                    ...page(
                      () => import('../../pages/projects/[projectId]/setup/upload-csv/SetupUploadCsvPage'),
                      (m) => m.SetupUploadCsvPage,
                    ),
                  },
                  {
                    path: 'recommend-relationships',
                    ...page(
                      () => import('../../pages/projects/[projectId]/recommend-relationships/RecommendRelationshipsPage'),
                      (m) => m.RecommendRelationshipsPage,
                    ),
                  },
                  {
                    path: 'home',
                    ...page(() => import('../../pages/projects/[projectId]/home/HomeLayout'), (m) => m.HomeLayout),
                    children: [
                      { index: true, ...page(() => import('../../pages/projects/[projectId]/home/HomePage'), (m) => m.HomePage) },
                      {
                        path: 'dashboard/:dashboardId',
                        loader: idsOrNotFound,
                        ...page(() => import('../../pages/projects/[projectId]/home/DashboardPage'), (m) => m.DashboardPage),
                      },
                      {
                        path: 'spreadsheets/new',
                        ...page(() => import('../../pages/projects/[projectId]/home/spreadsheets/NewSpreadsheetPage'), (m) => m.NewSpreadsheetPage),
                      },
                      {
                        path: 'spreadsheets/:spreadsheetId',
                        loader: idsOrNotFound,
                        ...page(() => import('../../pages/projects/[projectId]/home/spreadsheets/SpreadsheetPage'), (m) => m.SpreadsheetPage),
                      },
                      { path: ':threadId', loader: idsOrNotFound, ...page(() => import('../../pages/projects/[projectId]/home/ThreadPage'), (m) => m.ThreadPage) },
                    ],
                  },
                  {
                    path: 'recommend-semantics',
                    ...page(
                      () => import('../../pages/projects/[projectId]/recommend-semantics/RecommendSemanticsPage'),
                      (m) => m.RecommendSemanticsPage,
                    ),
                  },
                  {
                    path: 'knowledge',
                    ...page(() => import('../../pages/projects/[projectId]/knowledge/KnowledgeLayout'), (m) => m.KnowledgeLayout),
                    children: [
                      { index: true, element: <Navigate to="question-sql-pairs" replace /> },
                      {
                        path: 'question-sql-pairs',
                        ...page(() => import('../../pages/projects/[projectId]/knowledge/KnowledgePages'), (m) => m.SqlPairsPage),
                      },
                      {
                        path: 'instructions',
                        ...page(() => import('../../pages/projects/[projectId]/knowledge/KnowledgePages'), (m) => m.InstructionsPage),
                      },
                    ],
                  },
                  {
                    path: 'api-management',
                    ...page(
                      () => import('../../pages/projects/[projectId]/api-management/ApiManagementLayout'),
                      (m) => m.ApiManagementLayout,
                    ),
                    children: [
                      { index: true, element: <Navigate to="history" replace /> },
                      { path: 'history', ...page(apiManagementPages, (m) => m.ApiHistoryPage) },
                      { path: 'keys', ...page(apiManagementPages, (m) => m.ApiKeysPage) },
                      { path: 'reference', ...page(apiManagementPages, (m) => m.ApiReferencePage) },
                    ],
                  },
                  {
                    path: 'data-security',
                    ...page(
                      () => import('../../pages/projects/[projectId]/data-security/DataSecurityLayout'),
                      (m) => m.DataSecurityLayout,
                    ),
                    children: [
                      { index: true, element: <Navigate to="row-level" replace /> },
                      { path: 'row-level', ...page(dataSecurityPages, (m) => m.RowLevelPage) },
                      { path: 'column-level', ...page(dataSecurityPages, (m) => m.ColumnLevelPage) },
                      { path: 'session-property', ...page(dataSecurityPages, (m) => m.SessionPropertyPage) },
                    ],
                  },
                  {
                    path: 'modeling',
                    ...page(() => import('../../pages/projects/[projectId]/modeling/ModelingPage'), (m) => m.ModelingPage),
                  },
                  {
                    path: 'settings',
                    ...page(
                      () => import('../../pages/projects/[projectId]/settings/SettingsLayout'),
                      (m) => m.SettingsLayout,
                    ),
                    children: [
                      { index: true, element: <Navigate to="project/general" replace /> },
                      { path: 'project/general', ...page(settingsPages, (m) => m.ProjectGeneralSettingsPage) },
                      { path: 'project/access-control', ...page(settingsPages, (m) => m.ProjectAccessControlPage) },
                      { path: 'project/data-connection', ...page(settingsPages, (m) => m.ProjectDataConnectionPage) },
                      { path: 'project/danger-zone', ...page(settingsPages, (m) => m.ProjectDangerZonePage) },
                      { path: 'organization/general', ...page(settingsPages, (m) => m.OrgGeneralSettingsPage) },
                      { path: 'organization/members', ...page(settingsPages, (m) => m.OrgMembersPage) },
                      { path: 'organization/llm', ...page(settingsPages, (m) => m.OrgLlmPage) },
                      { path: 'organization/activity-log', ...page(settingsPages, (m) => m.OrgActivityLogPage) },
                      { path: 'organization/danger-zone', ...page(settingsPages, (m) => m.OrgDangerZonePage) },
                      { path: 'user/profile', ...page(settingsPages, (m) => m.UserProfilePage) },
                      { path: 'user/danger-zone', ...page(settingsPages, (m) => m.UserDangerZonePage) },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('../../pages/error/not-found/NotFoundPage'), (m) => m.NotFoundPage) },
    ],
  },
];

export function createQuarryRouter() {
  return createBrowserRouter(routes);
}
