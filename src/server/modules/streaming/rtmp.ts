import net from 'node:net';
import { createRequire } from 'node:module';
import { AppError } from '../../platform/http/errors';
import type { IngestSession } from './ingest';
import * as goingLive from './going-live.service';
import type { StreamingDeps } from './stream-rows';

// RTMP ingest for OBS and other encoders (decision 030): one TCP listener, the stream key in the
// path (rtmp://HOST:PORT/live/<streamKey>). node-media-server's RTMP protocol parser does the
// handshake and chunking; each published stream's packets are written as FLV into the stream's
// ffmpeg, the same transcoder the browser broadcast uses. A wrong key is refused before any
// media is read.

const require = createRequire(import.meta.url);

interface AvPacket {
  codec_type: number;
}
interface RtmpParser {
  onConnectCallback: (req: { app: string; name: string }) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
  onPacketCallback: (packet: AvPacket) => void;
  onOutputCallback: (buffer: Buffer) => void;
  parserData(buffer: Buffer): string | null;
}
type RtmpCtor = new () => RtmpParser;
interface FlvStatic {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(packet: AvPacket): Buffer;
}

const FLV_AUDIO = 8;
const FLV_VIDEO = 9;
const FLV_SCRIPT = 18;
/** Media buffered while the key is checked and ffmpeg starts. */
const MAX_EARLY_BYTES = 16 * 1024 * 1024;

export async function startRtmpIngest(
  deps: StreamingDeps,
  port: number,
): Promise<{ close(): Promise<void>; port: number } | null> {
  if (!port) return null;
  const Rtmp = require('node-media-server/src/protocol/rtmp.js') as RtmpCtor;
  const Flv = require('node-media-server/src/protocol/flv.js') as FlvStatic;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const rtmp = new Rtmp();
    let session: IngestSession | null = null;
    let publishing = false;
    let early: Buffer[] | null = [Flv.createHeader(true, true)];
    let earlyBytes = 0;
    let closed = false;

    rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    // Playing from us is not offered: viewers watch HLS with access checks.
    rtmp.onPlayCallback = () => socket.destroy();
    rtmp.onConnectCallback = ({ app, name }) => {
      if (publishing) return;
      publishing = true;
      if (app !== 'live' || !name) {
        socket.destroy();
        return;
      }
      goingLive
        .beginIngest(deps, { streamKey: name }, { kind: 'pipe', format: 'flv' })
        .then(({ session: started }) => {
          if (closed) {
            started.endInput();
            return;
          }
          session = started;
          for (const chunk of early ?? []) started.write(chunk);
          early = null;
        })
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) deps.logError(error, 'rtmp ingest');
          socket.destroy();
        });
    };
    rtmp.onPacketCallback = (packet) => {
      if (![FLV_AUDIO, FLV_VIDEO, FLV_SCRIPT].includes(packet.codec_type)) return;
      const tag = Flv.createMessage(packet);
      if (session) {
        if (!session.write(tag)) {
          socket.pause();
          session.onDrain(() => socket.resume());
        }
      } else if (early) {
        earlyBytes += tag.length;
        if (earlyBytes > MAX_EARLY_BYTES) socket.destroy();
        else early.push(tag);
      }
    };

    socket.on('data', (data: Buffer) => {
      try {
        if (rtmp.parserData(data)) socket.destroy();
      } catch {
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      // The encoder stopped or dropped: the grace period waits for it to come back.
      session?.endInput();
    });
  });

  await new Promise<void>((resolve) => {
    server.once('error', (error) => {
      // Another process (a second instance on this machine) has the port: no RTMP here.
      deps.logError(error, `RTMP ingest could not listen on port ${port}`);
      resolve();
    });
    server.listen(port, () => resolve());
  });
  if (!server.listening) return null;
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
