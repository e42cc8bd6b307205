import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A service that accepts every connection and never answers: requests counted as they arrive. */
export async function startSilentService() {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').split('\r\n')) {
        if (/^(GET|POST|PATCH|DELETE) \//.test(line)) requests.push(line);
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
