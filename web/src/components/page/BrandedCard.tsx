import type { ReactNode } from 'react';
import { Card, Flex, Typography } from '../ui';

export function QuarryMark({ size = 28 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden="true" />;
}

/** The centred card of the pages shown before the app: sign in, verification, onboarding, errors. */
export function BrandedCard({ children, width = 440 }: { children: ReactNode; width?: number }) {
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '48px 16px', background: '#f5f7fa' }}>
      <Flex align="center" gap={10} style={{ marginBottom: 24 }}>
        <QuarryMark size={36} />
        <Typography.Title level={2} style={{ margin: 0 }}>
          Quarry
        </Typography.Title>
      </Flex>
      <Card style={{ width: '100%', maxWidth: width }}>{children}</Card>
    </Flex>
  );
}
