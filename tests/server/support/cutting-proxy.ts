import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL's Unix socket that, when told to, drops a connection the moment
 * its client sends a BEGIN: a connection lost just after the pool handed it out, on demand.
 */
export interface CuttingProxy {
  port: number;
  cutAtBegin: boolean;
  /** How many connections it has dropped. */
  cuts: number;
  close: () => Promise<void>;
}

export async function startCuttingProxy(socketPath: string): Promise<CuttingProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(socketPath);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        drop();
      });
      socket.on('error', drop);
    }
    client.on('data', (chunk: Buffer) => {
      if (proxy.cutAtBegin && chunk.includes('begin')) {
        proxy.cuts += 1;
        drop();
      } else {
        upstream.write(chunk);
      }
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: CuttingProxy = {
    port: (server.address() as AddressInfo).port,
    cutAtBegin: false,
    cuts: 0,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
