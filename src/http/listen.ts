import type { Server } from 'node:http';

/** The server could not bind HOST:PORT; the message names the address and the cause. */
export class ListenError extends Error {
  constructor(
    readonly address: string,
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(`cannot listen on ${address}: ${reason}`, options);
    this.name = 'ListenError';
  }
}

/** `host:port`, with an IPv6 address in brackets. */
export function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

function reasonOf(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return 'address already in use (another process listens there; set PORT or HOST)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (ports below 1024 need privileges; set PORT)';
    case 'EADDRNOTAVAIL':
      return 'address not available on this machine (set HOST)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host name (set HOST)';
    default:
      return error.message;
  }
}

/**
 * Starts `server` listening on `host:port` and resolves once it really listens, with the
 * bound port (the one the system picked for port 0). Rejects with a `ListenError` when it
 * cannot, so a caller never reports "listening" for a server that is not.
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(new ListenError(hostPort(host, port), reasonOf(error), { cause: error }));
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
