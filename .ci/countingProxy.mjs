// A TCP proxy in front of the demo's API that counts what crosses it, both ways: HTTP requests (and
// CORS preflights among them), 304 answers, and bytes on the wire, WebSocket frames included (the
// upgrade is proxied like any other connection). For `npm run bench`.
import net from 'node:net';

/** Starts a proxy to `127.0.0.1:upstreamPort`; `origin` is its `http://127.0.0.1:<port>`. */
export async function startCountingProxy(upstreamPort) {
  const traffic = { requests: 0, preflights: 0, notModified: 0, bytes: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    client.on('data', (chunk) => {
      traffic.bytes += chunk.length;
      const text = chunk.toString('latin1');
      traffic.requests += (text.match(/(?:^|\r\n)(?:GET|POST|PUT|PATCH|DELETE|OPTIONS) \S+ HTTP\/1\.1\r\n/g) ?? []).length;
      traffic.preflights += (text.match(/(?:^|\r\n)OPTIONS \S+ HTTP\/1\.1\r\n/g) ?? []).length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      traffic.bytes += chunk.length;
      traffic.notModified += (chunk.toString('latin1').match(/(?:^|\r\n)HTTP\/1\.1 304 /g) ?? []).length;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    traffic,
    origin: `http://127.0.0.1:${server.address().port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
