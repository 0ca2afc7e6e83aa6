// Runs in its own process (spawned by bench/auth.ts) so the flood's client work does not slow
// the client that measures the other route. Prints the autocannon summary as JSON.
import autocannon from 'autocannon';
import { DEMO_PASSWORD, getDemoAccount } from '../src/server/db/seed/demo-accounts';

const [base = '', durationS = '10', mode = 'many'] = process.argv.slice(2);
const body = JSON.stringify({ email: getDemoAccount('attendee').email, password: DEMO_PASSWORD });
let counter = 0;
const nextIp = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

const result = await autocannon({
  url: `${base}/api/auth/sign-in`,
  connections: 20,
  duration: Number(durationS),
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        body,
        headers: {
          'content-type': 'application/json',
          ...(mode === 'many' ? { 'x-forwarded-for': nextIp() } : {}),
        },
      }),
    },
  ],
});
process.stdout.write(
  JSON.stringify({ ok: result['2xx'], other: result.non2xx, p99: result.latency.p99 }),
);
