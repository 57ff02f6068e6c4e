import type { ReactNode } from 'react';
import { Button, Empty, Flex, Result, Spin } from '../ui';

export const LOADING_TEXT = 'Loading...';
export const EMPTY_TEXT = 'No Data';

export function LoadingState({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ minHeight: fullPage ? '100vh' : 240, width: '100%' }}
      role="status"
    >
      <Spin />
      <span>{LOADING_TEXT}</span>
    </Flex>
  );
}

export function EmptyState({ description = EMPTY_TEXT, children }: { description?: ReactNode; children?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}
