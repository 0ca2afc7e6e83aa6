// The reference for bench/realtime.ts: a bare `ws` server that, when told, sends `total` frames
// of about the size of a notification round-robin over its clients, as fast as it can.
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const clients: WebSocket[] = [];
const server = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
server.on('connection', (socket) => {
  clients.push(socket);
  socket.send('{"type":"ready","seq":0}');
});
server.on('listening', () => process.send?.('listening'));

const frame = JSON.stringify({
  type: 'notifications',
  events: [
    {
      op: 'INSERT',
      notification: {
        id: '6f1c1f3e-8d7a-4c55-9a41-1c9d2b7e4f10',
        userId: '0b4f6a3c-2e1d-4f9a-8c7b-5d6e7f8a9b0c',
        type: 'ticket_sale',
        title: 'Ticket sold',
        message: 'Bench',
        read: false,
        createdAt: new Date().toISOString(),
        relatedId: null,
        relatedType: null,
        metadata: { sent_at: 0 },
        link: null,
        seq: 1,
      },
    },
  ],
});

process.on('message', (message: { total: number }) => {
  let sent = 0;
  const burst = () => {
    for (let i = 0; i < 1000 && sent < message.total; i++, sent++) {
      clients[sent % clients.length]?.send(frame);
    }
    if (sent < message.total) setImmediate(burst);
  };
  burst();
});
