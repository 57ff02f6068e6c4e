import type { ReactNode } from 'react';
import { Typography } from '../../../components/ui';

/** A card title that is also a heading, so pages and tests can find the card by it. */
export function CardHeading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
      {children}
    </Typography.Title>
  );
}
