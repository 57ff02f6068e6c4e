import { Fragment, useState, type CSSProperties } from 'react';
import { Button, Flex, Input, Popover, Space, Tag, Typography } from '../../../components/ui';
import type { AskingTaskFieldsFragment, ReadingChipKind } from '../../../gql/graphql';
import { questionWith, questionWithout } from './editQuestion';

type Chip = AskingTaskFieldsFragment['reading'][number];

/** The order a reading is read in: "Revenue · by Genre · in 2023 · top 5". */
const KIND_ORDER: ReadingChipKind[] = ['MEASURE', 'GROUPING', 'FILTER', 'COMPARISON', 'TIME_RANGE', 'ORDER', 'LIMIT'];
/** Parts whose value a person changes (another year, another country, another grouping). */
const CHANGEABLE: ReadingChipKind[] = ['FILTER', 'TIME_RANGE', 'COMPARISON', 'LIMIT', 'GROUPING'];

const plain: CSSProperties = { border: 0, background: 'none', padding: 0, margin: 0, font: 'inherit', color: 'inherit', cursor: 'pointer' };

type Props = {
  /** The question the chips' offsets are in (the task's). */
  question: string;
  reading: Chip[];
  /** Asks the edited question; resolves true once it is asked. Without it the chips are shown only. */
  onAsk?: (question: string) => Promise<boolean>;
  busy?: boolean;
};

/**
 * How the answer read the question, as chips in a row. A chip that stands for words of the
 * question can be removed, and most can be changed; either asks the edited question anew.
 * Chips read from SQL (or standing for the whole question) are shown only.
 */
export function ReadingChips({ question, reading, onAsk, busy = false }: Props) {
  const chips = [...reading].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return (
    <Flex wrap="wrap" align="center" gap={6} data-testid="reading" aria-label={`Reading: ${chips.map((c) => c.label).join(' · ')}`}>
      {chips.map((chip, i) => (
        <Fragment key={`${chip.kind}-${chip.start}-${chip.label}`}>
          {i > 0 && <Typography.Text type="secondary" aria-hidden>·</Typography.Text>}
          <ReadingTag question={question} chip={chip} onAsk={onAsk} busy={busy} />
        </Fragment>
      ))}
    </Flex>
  );
}

function ReadingTag({ question, chip, onAsk, busy }: { question: string; chip: Chip; onAsk: Props['onAsk']; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(chip.text ?? '');
  const removed = onAsk && chip.text ? questionWithout(question, chip) : null;
  const changeable = !!onAsk && !!chip.text && CHANGEABLE.includes(chip.kind);
  const changed = questionWith(question, chip, value);

  const change = async () => {
    if (!onAsk || !changed || value.trim() === chip.text) return;
    if (await onAsk(changed)) setOpen(false);
  };

  const label = changeable ? (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setValue(chip.text ?? '');
      }}
      trigger="click"
      title={`Instead of “${chip.text}”`}
      content={
        <form onSubmit={(e) => { e.preventDefault(); void change(); }}>
          <Space.Compact>
            <Input size="small" autoFocus aria-label={`New value for ${chip.label}`} value={value} onChange={(e) => setValue(e.target.value)} style={{ width: 180 }} />
            <Button size="small" type="primary" htmlType="submit" loading={busy} disabled={!changed || value.trim() === chip.text}>Ask</Button>
          </Space.Compact>
        </form>
      }
    >
      <button type="button" style={{ ...plain, textDecoration: 'underline dotted', textUnderlineOffset: 3 }} aria-label={`Change ${chip.label}`} title="Change and ask again" disabled={busy}>
        {chip.label}
      </button>
    </Popover>
  ) : (
    chip.label
  );

  return (
    <Tag
      data-testid="reading-chip"
      data-kind={chip.kind}
      color={chip.kind === 'MEASURE' ? 'blue' : undefined}
      style={{ marginInlineEnd: 0, fontSize: 13, padding: '1px 8px' }}
    >
      {label}
      {removed && (
        <button
          type="button"
          aria-label={`Remove ${chip.label}`}
          title="Remove and ask again"
          disabled={busy}
          onClick={() => void onAsk?.(removed)}
          style={{ ...plain, marginInlineStart: 6, opacity: 0.55 }}
        >
          ×
        </button>
      )}
    </Tag>
  );
}
