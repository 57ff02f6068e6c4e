import type { ReactNode } from 'react';
import enUS from 'antd/locale/en_US';
import {
  AntApp,
  ConfigProvider,
  Empty,
  TOAST_DURATION_SECONDS,
  ToastBridge,
  quarryTheme,
  validateMessages,
} from '../components/ui';
import { EMPTY_TEXT } from '../components/page/PageStates';
import { GraphqlProvider } from './clientContext';

/** Theme, locale, default form messages, toasts and the GraphQL client. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      theme={quarryTheme}
      locale={enUS}
      form={{ validateMessages }}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />}
    >
      <AntApp message={{ duration: TOAST_DURATION_SECONDS, maxCount: 3 }}>
        <ToastBridge />
        <GraphqlProvider>{children}</GraphqlProvider>
      </AntApp>
    </ConfigProvider>
  );
}
