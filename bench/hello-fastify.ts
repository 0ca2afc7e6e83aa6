// The reference for bench/http.ts: a bare Fastify hello-world on the same machine, same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
