// The reference for the older history page in bench/messaging.ts: a bare node:http server that
// answers every request with the same read as fixed SQL (the chat's 51 messages before a cursor
// with their senders, as JSON) on a pool of 10 connections, the app pool's size. The page minus
// our code: the same hops (client, one Node process, PostgreSQL) and the same database work.
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl, chatId, beforeId, userId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// Ordered as messages_chat_created_idx is (`nulls last`), so it walks the index as the app's does.
const READ = `select coalesce(json_agg(p order by p.n), '[]')::text as json
  from (
    select m.id, m.sender_id, m.body, m.created_at, s.full_name, s.avatar_url,
      row_number() over (order by m.created_at desc nulls last, m.id desc nulls last) as n
    from (select * from messages m
      where m.chat_id = $1
        and exists (select 1 from chat_participants where chat_id = $1 and user_id = $3)
        and (m.created_at, m.id) < (select created_at, id from messages where id = $2)
      order by m.created_at desc nulls last, m.id desc nulls last limit 51) m
    left join profiles s on s.id = m.sender_id) p`;

const server = http.createServer((_request, response) => {
  pool.query<{ json: string }>(READ, [chatId, beforeId, userId]).then(
    (result) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(result.rows[0]?.json ?? '[]');
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
process.on('disconnect', () => {
  server.close();
  void pool.end();
});
