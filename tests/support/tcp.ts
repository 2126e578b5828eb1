import net from 'node:net';

/** Whether a TCP connection to host:port is accepted: false once refused, or not answered in 2 s. */
export function acceptsConnection(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({host, port, timeout: 2_000});
    const end = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once('connect', () => end(true));
    socket.once('timeout', () => end(false));
    socket.once('error', () => end(false));
  });
}
