import { useState } from 'react';
import { Button, Flex, Input } from '../../../components/ui';

/** The question box: Enter asks, Shift+Enter starts a new line. */
export function AskBox({ onAsk, busy, placeholder = 'Ask a question about your data' }: {
  onAsk: (question: string) => Promise<boolean> | boolean;
  busy?: boolean;
  placeholder?: string;
}) {
  const [question, setQuestion] = useState('');
  const submit = async () => {
    const text = question.trim();
    if (!text || busy) return;
    if (await onAsk(text)) setQuestion('');
  };
  return (
    <Flex gap={8} align="end">
      <Input.TextArea
        aria-label="Question"
        value={question}
        placeholder={placeholder}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={1000}
        onChange={(e) => setQuestion(e.target.value)}
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Button type="primary" loading={busy} disabled={!question.trim()} onClick={() => void submit()}>
        Ask
      </Button>
    </Flex>
  );
}
