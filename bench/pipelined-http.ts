// A minimal HTTP/1.1 client for the benchmarks' load generators: kept-alive sockets with
// requests pipelined, rather than node:http, whose client took ~40% of a core for 2,000 requests
// a second on the 2 cores it shares with the server it measures.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/** One kept-alive connection: requests go out at once, answers come back in order. */
export class Connection {
  private readonly socket: net.Socket;
  /** When each request still waiting for its answer was written. */
  readonly pending: number[] = [];
  private buffer: Buffer = Buffer.alloc(0);

  constructor(
    port: number,
    host: string,
    private readonly onAnswer: (status: number, startedAt: number) => void,
    private readonly onError: (error: Error) => void,
  ) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', (error) => this.onError(error));
  }

  write(request: string): void {
    this.pending.push(performance.now());
    this.socket.write(request);
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) return;
      const head = this.buffer.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      if (Number.isNaN(length)) {
        this.onError(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
        return;
      }
      const total = end + HEADER_END.length + length;
      if (this.buffer.length < total) return;
      this.buffer = this.buffer.subarray(total);
      this.onAnswer(Number(head.slice(9, 12)), this.pending.shift() ?? performance.now());
    }
  }
}
