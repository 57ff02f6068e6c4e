import { Collapse, Flex, Steps, Tag, Typography } from '../../../components/ui';

type Task = {
  status: string;
  reasoning?: string | null;
  answeredBy?: string | null;
  correctionRounds: number;
};

/** The steps a question goes through (PRODUCT.md §4), in order. */
const STEPS = [
  { status: 'UNDERSTANDING', title: 'Understand' },
  { status: 'SEARCHING', title: 'Search' },
  { status: 'PLANNING', title: 'Plan' },
  { status: 'GENERATING', title: 'Generate' },
] as const;

const ANSWERED_BY: Record<string, string> = {
  LLM: 'Written by the language model',
  SQL_PAIR: 'A saved question-SQL pair',
  ENGINE: 'Built-in engine',
};

function current(status: string): number {
  if (status === 'CORRECTING') return 3;
  const at = STEPS.findIndex((step) => step.status === status);
  return at < 0 ? 0 : at;
}

/** While the task runs: where it is, and the model's plan once it has one. */
export function LiveSteps({ task }: { task: Task }) {
  const at = current(task.status);
  return (
    <Flex vertical gap={12} data-testid="reasoning-steps">
      <Steps
        size="small"
        current={at}
        items={STEPS.map((step, i) => ({
          title: i === 3 && task.status === 'CORRECTING' ? 'Correct' : step.title,
          status: i < at ? 'finish' : i === at ? 'process' : 'wait',
        }))}
      />
      {task.reasoning && <Plan text={task.reasoning} />}
    </Flex>
  );
}

function Plan({ text }: { text: string }) {
  return (
    <Typography.Paragraph data-testid="reasoning" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} type="secondary">
      {text}
    </Typography.Paragraph>
  );
}

/** After the answer: how it was reached, folded away. */
export function ReasoningSummary({ task }: { task: Task }) {
  if (!task.answeredBy) return null;
  const corrected = task.correctionRounds > 0 ? ` · corrected ${task.correctionRounds}×` : '';
  return (
    <Collapse
      size="small"
      ghost
      items={[
        {
          key: 'reasoning',
          label: (
            <Flex gap={8} align="center">
              <span>How this was answered</span>
              <Tag data-testid="answered-by">{(ANSWERED_BY[task.answeredBy] ?? task.answeredBy) + corrected}</Tag>
            </Flex>
          ),
          children: task.reasoning ? <Plan text={task.reasoning} /> : <Typography.Text type="secondary">No plan was written for this answer.</Typography.Text>,
        },
      ]}
    />
  );
}
