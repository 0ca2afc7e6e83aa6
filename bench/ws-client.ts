// A minimal WebSocket client (RFC 6455) for the benchmarks' 10,000 receiving sockets, rather than
// the `ws` package's client: the clients share the 2 cores with the server they measure. At
// 20,000 frames a second `ws`'s client (a stream per socket, a new Buffer and events per read)
// took 36-48% of a core; this one, reading through node's `onread` into one shared buffer, takes
// 26-32%. It does what a receiver needs: the handshake (checked), unmasked frames from the server
// (continuations joined), masked pongs to pings (the server drops a socket that misses one).
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

export interface BenchSocket {
  terminate(): void;
}

/** The accept value a server must answer a handshake key with. */
export function acceptFor(key: string): string {
  return createHash('sha1')
    .update(key + GUID)
    .digest('base64');
}

/** A masked client frame (every frame a client sends must be masked). */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
  if (payload.length > 125) throw new Error('control payloads are at most 125 bytes');
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return frame;
}

/**
 * Splits server frames out of the bytes received so far: calls `onFrame` for each whole frame
 * and returns the bytes of an unfinished one (to be prefixed to the next chunk).
 */
export function readFrames(
  bytes: Buffer,
  onFrame: (fin: boolean, opcode: number, payload: Buffer) => void,
): Buffer {
  let at = 0;
  for (;;) {
    if (bytes.length - at < 2) break;
    const first = bytes[at] ?? 0;
    const second = bytes[at + 1] ?? 0;
    if (second & 0x80) throw new Error('a server frame must not be masked');
    let length = second & 0x7f;
    let header = 2;
    if (length === 126) {
      if (bytes.length - at < 4) break;
      length = bytes.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      if (bytes.length - at < 10) break;
      length = Number(bytes.readBigUInt64BE(at + 2));
      header = 10;
    }
    if (bytes.length - at < header + length) break;
    onFrame((first & 0x80) !== 0, first & 0x0f, bytes.subarray(at + header, at + header + length));
    at += header + length;
  }
  return at === bytes.length ? EMPTY : bytes.subarray(at);
}

const EMPTY = Buffer.alloc(0);

/**
 * Where every socket's reads land: one buffer for all of them, as each read is handled before
 * the next (node's `onread`, which skips the stream machinery and a new Buffer per read).
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);

/**
 * Opens a socket to a `ws://` URL with these extra headers; resolves on the first message (the
 * server's `ready` frame, sent once it has authenticated the socket), then calls `onMessage` with
 * each message's payload, whose bytes are only valid during the call (they are in the shared read
 * buffer). Rejects on a refused handshake, an error or a close before that.
 */
export function openSocket(
  url: string,
  headers: Record<string, string>,
  onMessage: (data: Buffer) => void,
): Promise<BenchSocket> {
  const { hostname, port, pathname, search } = new URL(url);
  const key = randomBytes(16).toString('base64');
  const request = [
    `GET ${pathname}${search} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${key}`,
    'Sec-WebSocket-Version: 13',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];

  return new Promise((resolve, reject) => {
    /** The start of a frame (or of the handshake's answer) whose rest has not arrived: a copy. */
    let pending = EMPTY;
    let upgraded = false;
    let ready = false;
    let parts: Buffer[] = [];
    const fail = (error: Error) => {
      socket.destroy();
      if (!ready) reject(error);
    };
    const onFrame = (fin: boolean, opcode: number, payload: Buffer) => {
      if (opcode === OP_PING) socket.write(clientFrame(OP_PONG, payload));
      else if (opcode === OP_CLOSE) {
        socket.end(clientFrame(OP_CLOSE, payload.subarray(0, 2)));
        if (!ready)
          reject(new Error(`closed ${payload.length >= 2 ? payload.readUInt16BE(0) : ''}`));
      } else if (opcode < OP_CLOSE) {
        // Data: text/binary, possibly followed by continuations until `fin`. Parts of a
        // fragmented message are copied: the read buffer is reused by the next read.
        if (!fin || parts.length) parts.push(Buffer.from(payload));
        if (!fin) return;
        const message = parts.length ? Buffer.concat(parts) : payload;
        parts = [];
        if (!ready) {
          ready = true;
          resolve({ terminate: () => socket.destroy() });
        } else onMessage(message);
      }
    };
    // Returns true: keep reading (false would pause the socket).
    const onRead = (length: number): boolean => {
      const chunk = READ_BUFFER.subarray(0, length);
      let bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = bytes.indexOf(HEADER_END);
        if (end < 0) {
          pending = Buffer.from(bytes);
          return true;
        }
        const head = bytes.toString('latin1', 0, end);
        const accept = /^sec-websocket-accept:\s*(\S+)/im.exec(head)?.[1];
        if (!head.startsWith('HTTP/1.1 101') || accept !== acceptFor(key)) {
          fail(new Error(`handshake refused: ${head.split('\r\n')[0] ?? ''}`));
          return false;
        }
        upgraded = true;
        bytes = bytes.subarray(end + HEADER_END.length);
      }
      try {
        const rest = readFrames(bytes, onFrame);
        pending = rest.length ? Buffer.from(rest) : EMPTY;
      } catch (error) {
        fail(error as Error);
        return false;
      }
      return true;
    };
    const socket = net.connect({
      port: Number(port),
      host: hostname,
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: onRead },
    });
    socket.write(`${request.join('\r\n')}\r\n\r\n`);
    socket.on('error', fail);
    socket.on('close', () => {
      if (!ready) reject(new Error('closed before ready'));
    });
  });
}
