/** What the progress of a connection's output is read from: a `net.Socket`. */
export interface OutputSocket {
  bytesWritten: number;
  writableLength: number;
  /** libuv's handle; its `writeQueueSize` is what was handed to it and not yet sent. */
  _handle?: { writeQueueSize?: number } | null;
}

/**
 * A mark of how far a connection's output has gone: it changes when the kernel took some of
 * it (the client read, making room) and not when the process only queues more. Node's public
 * counters move only when a whole write completes (`bytesWritten` counts what was queued,
 * and `writableLength` holds a write until all of it is sent), so a client slowly reading
 * one large write would look stalled by them; the handle's queue shrinks as it reads.
 */
export function outputMark(socket: OutputSocket): string {
  return `${socket.bytesWritten - socket.writableLength}/${socket._handle?.writeQueueSize ?? 0}`;
}
