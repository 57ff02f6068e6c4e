// A local server speaking the OpenAI chat-completions protocol with scripted replies, so the
// browser journeys run Quarry's real OpenAI client against it. Replies are served in order;
// every request body is kept.
import { createServer } from 'node:http';

export async function startFakeOpenAi() {
  const replies = [];
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      requests.push({ path: req.url, authorization: req.headers.authorization, body: body ? JSON.parse(body) : null });
      const next = replies.shift();
      if (!next) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'no scripted reply left' } }));
        return;
      }
      if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: 0,
          model: 'e2e',
          choices: [{ index: 0, message: { role: 'assistant', content: next.text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    /** Queues replies: strings, or { text, delayMs }. */
    script: (...texts) => replies.push(...texts.map((t) => (typeof t === 'string' ? { text: t } : t))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
