import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The feed row's baseline: a bare node:http server that answers every request with the bytes of the
 * shop's written feed (gzipped, as the shop sends them to a crawler), held in memory. No routing, no
 * lookup, no framework: what is left is the cost of sending that many bytes over loopback, the floor
 * any server pays. In its own process, as the shop is, so neither shares the client's event loop.
 * Reports its port to the parent over IPC (bench/run.ts).
 */
const bodyFile = process.env.BENCH_FEED_BODY;
if (!bodyFile || !process.send) throw new Error('A benchmark indítja (bench/run.ts).');
const body = readFileSync(bodyFile);

const server = createServer((_request, response) => {
  // The shop's headers, so both answers are the same bytes on the wire.
  response.writeHead(200, {
    'content-type': 'application/xml; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': body.length,
    vary: 'accept-encoding',
    'cache-control': 'no-cache',
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
