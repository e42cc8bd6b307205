import { createServer } from 'node:http';
import { UNCACHED_PARAM } from './load';

/*
 * The fastest a Node HTTP server can answer on this machine: no routing, no database, no
 * serialising, just fixed bytes per path. It reads `{ "<path>": "<base64 body>" }` from stdin,
 * then prints `listening on http://HOST:PORT`.
 */

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const parsed: unknown = JSON.parse(await readStdin());
if (typeof parsed !== 'object' || parsed === null)
  throw new Error('expected a JSON object on stdin');
const bodies = new Map<string, Buffer>(
  Object.entries(parsed).map(([path, body]) => [path, Buffer.from(String(body), 'base64')]),
);

const server = createServer((request, response) => {
  const body = bodies.get((request.url ?? '').replace(UNCACHED_PARAM, ''));
  if (body === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  console.log(`listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
