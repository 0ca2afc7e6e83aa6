// `npm run bench [name]`: checks the name, builds, then prints the figures. Medians; ratios
// against a reference measured in the same run, because these 2-core machines are noisy.
import { execFileSync } from 'node:child_process';
import { benchAdmin } from './admin';
import { benchApi } from './api';
import { benchAds } from './ads';
import { benchAuth } from './auth';
import { benchContent } from './content';
import { benchBundleSize, bundleVerdict } from './bundle-size';
import { benchFlashSale } from './flash-sale';
import { benchCampaigns } from './campaigns';
import { benchFunnels } from './funnels';
import { benchReferrals } from './referrals';
import { benchHttp } from './http';
import { benchMail } from './mail';
import { benchMessaging } from './messaging';
import { benchRealtime } from './realtime';
import { benchSearch } from './search';
import { benchLiveLocation, benchRides } from './rides';
import { benchSeo } from './seo';
import { median, table } from './lib';
import { benchMeetings } from './meetings';
import { benchScale } from './scale';
import { benchStartup } from './startup';
import { benchStreaming } from './streaming';
import { benchSubscriptions } from './subscriptions';
import { benchWebVitals, CLS_GOOD, LCP_GOOD_MS } from './web-vitals';
import { type BenchName, unknownBenchMessage } from './names';

const only = process.argv[2];
const unknown = unknownBenchMessage(only);
if (unknown) {
  process.stderr.write(`${unknown}\n`);
  process.exit(1);
}
/** Whether this run includes the bench `name` (all of them when none was named). */
const runs = (name: BenchName) => !only || only === name;

// The name is checked before the build, so a typo is answered in seconds, not after a minute.
execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const print = (title: string, body: string) => process.stdout.write(`\n## ${title}\n${body}\n`);

if (runs('bundle')) {
  const verdict = bundleVerdict(benchBundleSize());
  print('Initial JS for the home route (gzip)', verdict.line);
  if (verdict.isOver) {
    process.stderr.write(`\n${verdict.line}\n`);
    process.exitCode = 1;
  }
}

if (runs('web-vitals')) {
  const vitals = await benchWebVitals();
  print(
    `Home route (/) LCP and CLS in Chromium (median of ${vitals.runs} cold loads; loopback network; Lighthouse good: LCP ≤ ${LCP_GOOD_MS} ms, CLS ≤ ${CLS_GOOD})`,
    [
      table(
        vitals.results.map((r) => ({
          profile: r.profile.name,
          'LCP ms': Math.round(r.lcpMs),
          CLS: r.cls.toFixed(3),
          'worst CLS': r.worstCls.toFixed(3),
          'layout shifts': r.shifts,
          verdict: r.lcpMs <= LCP_GOOD_MS && r.cls <= CLS_GOOD ? 'good' : 'NEEDS WORK',
        })),
      ),
      ...vitals.results.flatMap((r) =>
        r.largestShift
          ? [
              `${r.profile.name}: largest shift ${r.largestShift.value.toFixed(3)} at ${Math.round(r.largestShift.startTime)} ms, moved: ${r.largestShift.sources.join('; ')}`,
            ]
          : [],
      ),
      `traces (open in Chrome DevTools → Performance): ${vitals.results.map((r) => r.trace).join(', ')}`,
    ].join('\n'),
  );
}

if (runs('content')) {
  const content = await benchContent();
  const health = content.http[0]?.reqPerSec ?? 1;
  print(
    'Blog API beside /api/health (50 connections; aim ≥ 5,000 req/s, p99 ≤ 20 ms)',
    table(
      content.http.map((r) => ({
        route: r.name,
        'req/s': r.reqPerSec,
        'p50 ms': r.p50Ms,
        'p99 ms': r.p99Ms,
        'vs health': (r.reqPerSec / health).toFixed(2),
        errors: r.non2xx,
      })),
    ),
  );
  print(
    'Help search and assistant (sequential; aim search p95 ≤ 30 ms, answer p95 ≤ 100 ms)',
    table(
      [content.search, content.chat].map((r) => ({
        what: r.name,
        'p50 ms': r.p50Ms.toFixed(1),
        'p95 ms': r.p95Ms.toFixed(1),
        samples: r.samples,
      })),
    ),
  );
}

if (runs('startup')) {
  const startup = await benchStartup();
  print(
    `Cold npm start → first healthy response (median of ${startup.runs})`,
    table([
      { DATA_DIR: 'empty (initdb + migrate + seed)', ms: Math.round(startup.emptyMs) },
      { DATA_DIR: 'existing', ms: Math.round(startup.existingMs) },
    ]),
  );
}

if (runs('http')) {
  const results = await benchHttp();
  const reference = results[0]?.reqPerSec ?? 1;
  print(
    'HTTP under autocannon (50 connections)',
    table(
      results.map((r) => ({
        target: r.name,
        'req/s': r.reqPerSec,
        'p99 ms': r.p99Ms,
        'vs hello-world': `${((r.reqPerSec / reference) * 100).toFixed(0)}%`,
        errors: r.errors + r.non2xx,
      })),
    ),
  );
}

if (runs('funnels')) {
  const rows = await benchFunnels();
  const reference = rows[0]?.reqPerSec ?? 1;
  print(
    'A published funnel for visitors (50 connections, median of 3 alternating rounds; aim ≥ 3,000 req/s, p99 ≤ 30 ms)',
    table(
      rows.map((r) => ({
        target: r.target,
        'req/s': r.reqPerSec,
        'p99 ms': r.p99Ms,
        'vs /api/health': `${((r.reqPerSec / reference) * 100).toFixed(0)}%`,
        errors: r.errors,
      })),
    ),
  );
}

if (runs('campaigns')) {
  const c = await benchCampaigns();
  print(
    `A campaign to ${c.recipients.toLocaleString('en-US')} subscribers (campaign batches → bulk lane at MAIL_BULK_RATE ${c.rate}/s → nodemailer pool) into a local SMTP sink in another process (aim: ≥ 0.5 of the raw pool, RSS growth ≤ 100 MB)`,
    [
      table([
        {
          delivered: c.delivered,
          'sends recorded': c.recorded,
          seconds: c.seconds,
          'mails/s': c.perSec,
          'raw pool mails/s (same run)': c.rawPerSec,
          ratio: c.ratio.toFixed(2),
          'RSS before MB': c.rssBeforeMb,
          'RSS peak MB': c.rssPeakMb,
          'RSS growth MB': c.rssGrowthMb,
        },
      ]),
      `raw pool before and after the campaign: ${c.rawRounds.join(', ')} mails/s (median shown)`,
    ].join('\n'),
  );
}

if (runs('auth')) {
  const auth = await benchAuth();
  const row = (when: string, r: { reqPerSec: number; p99Ms: number }) => ({
    'GET /api/health (5 connections)': when,
    'req/s': r.reqPerSec,
    'p99 ms': r.p99Ms,
  });
  print(
    'Sign-in (argon2id m=19456,t=2,p=1) on this machine',
    [
      `sign-in: ${auth.signIn.reqPerSec} successful req/s, p99 ${auth.signIn.p99Ms} ms (20 connections, one address per request)`,
      `one address flooding: ${auth.singleAddress.okPerSec} signed in/s, ${auth.singleAddress.limitedPerSec} refused/s with 429`,
      table([
        row('idle', auth.healthIdle),
        row('during a sign-in flood from many addresses', auth.healthDuringFlood),
        row(
          'during a sign-in flood from one address (rate-limited)',
          auth.healthDuringSingleIpFlood,
        ),
      ]),
    ].join('\n'),
  );
}

if (runs('search')) {
  const search = await benchSearch();
  print(
    `Search over ${search.events.toLocaleString('en-US')} events (in-process, the API's SQL, limit 50; loaded and indexed in ${search.loadSeconds.toFixed(0)} s)`,
    table(
      search.results.map((r) => ({
        query: `${r.label}: "${r.text}"${r.category ? ` in ${r.category}` : ''}`,
        kind: r.kind,
        hits: r.hits,
        'p50 ms': r.p50.toFixed(1),
        'p95 ms': r.p95.toFixed(1),
      })),
    ),
  );
}

// BENCH_RIDES_PARTS=near or =live runs one half of the rides bench (default both).
const ridesParts = (process.env.BENCH_RIDES_PARTS ?? 'near,live').split(',');
if (runs('rides') && ridesParts.includes('near')) {
  const rides = await benchRides();
  print(
    `Rides to one event with ${rides.rides.toLocaleString('en-US')} offers (in-process, the API's SQL, limit 200; loaded in ${rides.loadSeconds.toFixed(0)} s; aim near a point p95 ≤ 30 ms)`,
    table(
      rides.results.map((r) => ({
        query: r.label,
        rows: r.rows,
        'p50 ms': r.p50.toFixed(1),
        'p95 ms': r.p95.toFixed(1),
      })),
    ),
  );
}
if (runs('rides') && ridesParts.includes('live')) {
  const live = await benchLiveLocation();
  print(
    `Live location: ${live.trips.toLocaleString('en-US')} trips, ${live.riders.toLocaleString('en-US')} riders on the socket, one update per second per driver ${live.via === 'socket' ? "up the driver's socket" : 'over HTTP'} (BENCH_LIVE_VIA; aim delivery p99 ≤ 150 ms)`,
    [
      table(
        live.rounds.map((r, i) => ({
          round: i + 1,
          sent: r.sent,
          'sent/s': r.sentPerSec,
          refused: r.refused,
          received: r.received,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'answer p99 ms': r.answeredP99Ms,
          'server CPU µs/update': r.cpuUsPerUpdate,
          'server CPU µs/frame': r.cpuUsPerFrame,
        })),
      ),
      `median delivery p99 ${live.medianP99Ms} ms (driver's send → rider's socket; rounds of ${live.seconds} s)`,
      `server CPU per frame delivered: ours ${median(live.rounds.map((r) => r.cpuUsPerFrame))} µs (update, access check, position held, frames); bare ws broadcast to as many clients (same run): ${live.rawCpuUsPerFrame} µs, ${live.rawFramesPerSec}/s`,
    ].join('\n'),
  );
}

if (runs('admin')) {
  const admin = await benchAdmin();
  print(
    `Admin console over ${admin.orders.toLocaleString('en-US')} orders and ${admin.users.toLocaleString('en-US')} users (in-process, the API's SQL; loaded in ${admin.loadSeconds.toFixed(0)} s; analytics rollup of ${admin.rollupDays} days refreshed in ${admin.rollupSeconds.toFixed(1)} s; aim overview and analytics p95 ≤ 100 ms, users page p95 ≤ 50 ms)`,
    table(
      admin.queries.map((r) => ({
        query: r.label,
        rows: r.rows,
        'p50 ms': r.p50.toFixed(1),
        'p95 ms': r.p95.toFixed(1),
        'limit ms': r.limitMs,
        verdict: r.p95 <= r.limitMs ? 'ok' : 'OVER',
      })),
    ),
  );
  if (admin.csv)
    print(
      'Admin CSV export through the built server (aim ≥ 20,000 rows/s, RSS growth ≤ 50 MB)',
      table([
        {
          rows: admin.csv.rows,
          seconds: admin.csv.seconds.toFixed(2),
          'rows/s': Math.round(admin.csv.rowsPerSecond),
          'RSS before MB': admin.csv.rssBeforeMb.toFixed(0),
          'RSS growth MB': admin.csv.rssGrowthMb.toFixed(1),
          verdict: admin.csv.rowsPerSecond >= 20_000 && admin.csv.rssGrowthMb <= 50 ? 'ok' : 'OVER',
        },
      ]),
    );
}

if (runs('seo')) {
  const seo = await benchSeo();
  const reference = seo.pages[0]?.reqPerSec ?? 1;
  print(
    'Page heads (aim ≥ 5,000 req/s, p99 ≤ 20 ms, ratio to the plain page ≥ 0.5)',
    table(
      seo.pages.map((p) => ({
        page: p.name,
        'req/s': p.reqPerSec,
        'p50 ms': p.p50Ms,
        'p99 ms': p.p99Ms,
        'ratio to plain': (p.reqPerSec / reference).toFixed(2),
        'non-2xx': p.non2xx,
      })),
    ),
  );
  print(
    `Sitemaps over ${seo.events.toLocaleString('en-US')} public events (loaded in ${seo.loadSeconds.toFixed(0)} s; first byte ≤ 200 ms, RSS growth ≤ 50 MB)`,
    table(
      seo.sitemaps.map((s) => ({
        file: s.name,
        'first byte ms': s.firstByteMs.toFixed(0),
        'total ms': s.totalMs.toFixed(0),
        KB: Math.round(s.bytes / 1024),
        'RSS growth MB': s.rssGrowthMb.toFixed(1),
      })),
    ),
  );
}

if (runs('flash')) {
  const flash = await benchFlashSale();
  print(
    `Flash sale: capacity ${flash.capacity}, ${flash.capacity * 5} purchase attempts over HTTP (${flash.connections} connections, ${flash.rounds.length} rounds)`,
    [
      table(
        flash.rounds.map((r, i) => ({
          round: i + 1,
          attempts: r.attempts,
          sold: r.sold,
          oversold: r.oversold,
          'sold out (409)': r.soldOutResponses,
          'server errors': r.serverErrors,
          'checkouts/s': r.checkoutsPerSec,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
        })),
      ),
      `median successful checkouts/s: ${flash.medianCheckoutsPerSec} (p99 ${flash.medianP99Ms} ms); raw guarded decrement on the same database: ${flash.rawDecrementsPerSec}/s with the holds' asynchronous commit (ratio ${((flash.medianCheckoutsPerSec / flash.rawDecrementsPerSec) * 100).toFixed(0)}%), ${flash.rawDurablePerSec}/s with a durable commit`,
    ].join('\n'),
  );
}

if (runs('realtime')) {
  const ws = await benchRealtime();
  print(
    `Realtime: ${ws.connections.toLocaleString('en-US')} authenticated WebSockets on one server process`,
    [
      `server RSS: ${ws.rssEmptyMb} MB before any connection, ${ws.rssIdleMb} MB holding them idle, ${ws.rssMb} MB at most while delivering`,
      table(
        ws.rounds.map((r, i) => ({
          round: i + 1,
          written: r.sent,
          'written/s': r.writtenPerSec,
          received: r.received,
          'delivered/s': r.deliveredPerSec,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'server CPU µs/msg': r.cpuUsPerMessage,
          'server waited for a core ms/s': r.waitedMsPerSec,
        })),
      ),
      `median: ${ws.medianDeliveredPerSec}/s delivered, p99 ${ws.medianP99Ms} ms (write → client receipt; rounds of ${ws.seconds} s after a ${ws.warmUpSeconds} s warm-up)`,
      `bare ws broadcast to as many clients (reference, same run): ${ws.rawBroadcastPerSec}/s; ours ${((ws.medianDeliveredPerSec / ws.rawBroadcastPerSec) * 100).toFixed(0)}% of it; CPU per frame: ours ${median(ws.rounds.map((r) => r.cpuUsPerMessage))} µs, bare ws ${ws.rawCpuUsPerFrame} µs`,
      `bare ws server RSS: ${ws.rawRss.empty} MB empty, ${ws.rawRss.held} MB holding as many connections (${ws.rawRss.held - ws.rawRss.empty} MB for them; ours ${ws.rssIdleMb - ws.rssEmptyMb} MB)`,
    ].join('\n'),
  );
}

if (runs('messaging')) {
  const chat = await benchMessaging();
  print(
    `Messaging: ${chat.conversations.toLocaleString('en-US')} conversations, both people connected, messages sent over HTTP`,
    [
      table(
        chat.rounds.map((r, i) => ({
          round: i + 1,
          sent: r.sent,
          'sent/s': r.sentPerSec,
          'not accepted': r.rejected,
          received: r.received,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'answered p50 / p99 ms': `${r.answeredP50Ms} / ${r.answeredP99Ms}`,
        })),
      ),
      `median p99 send → recipient's socket: ${chat.medianP99Ms} ms`,
      `history, newest page of 50 (50 connections): ${chat.history.reqPerSec} req/s, p99 ${chat.history.p99Ms} ms, ${chat.history.errors} errors; GET /api/health in the same run: ${chat.health.reqPerSec} req/s (history ${((chat.history.reqPerSec / chat.health.reqPerSec) * 100).toFixed(0)}% of it)`,
      `history, an older page of 50 (from the database every time): ${chat.olderPage.reqPerSec} req/s, p99 ${chat.olderPage.p99Ms} ms, ${chat.olderPage.errors} errors`,
    ].join('\n'),
  );
}

if (runs('mail')) {
  const mail = await benchMail();
  print(
    `Mail: ${mail.mails.toLocaleString('en-US')} announcement mails through the bulk lane (MAIL_BULK_RATE ${mail.rate}/s) to a local SMTP sink in another process, a password reset every 2 s meanwhile`,
    [
      table(
        mail.rounds.map((r, i) => ({
          round: i + 1,
          mails: r.mails,
          seconds: r.seconds.toFixed(1),
          'mails/s': r.perSec,
          resets: r.resetMs.length,
          'reset p50 ms': Math.round(median(r.resetMs)),
          'reset max ms': Math.round(Math.max(...r.resetMs)),
          'raw pool mails/s (reference)': r.rawPerSec,
          'vs raw': `${((r.perSec / r.rawPerSec) * 100).toFixed(0)}%`,
        })),
      ),
      `median: ${mail.medianPerSec} mails/s (enqueue of the first → last accepted by the sink); password reset enqueue → sink: p50 ${mail.resetP50Ms} ms, worst ${mail.resetMaxMs} ms over every round`,
      `rate limit lifted, same lane: ${mail.uncapped.perSec} mails/s (reset worst ${Math.round(Math.max(...mail.uncapped.resetMs))} ms) against nodemailer's pool alone on as many connections just before: ${mail.uncapped.rawPerSec} mails/s (${((mail.uncapped.perSec / mail.uncapped.rawPerSec) * 100).toFixed(0)}%); raw pool median over the run: ${mail.rawPerSec} mails/s`,
    ].join('\n'),
  );
}

if (runs('scale')) {
  const scale = await benchScale();
  print(
    `Scale-out: two instances on one PostgreSQL (flash sale capacity ${scale.capacity}, ${scale.capacity * 5} attempts, ${scale.connections} connections in total; one and two instances alternating in the same run)`,
    [
      table(
        scale.sale.map((r, i) => ({
          round: i + 1,
          instances: r.instances,
          attempts: r.attempts,
          sold: r.sold,
          oversold: r.oversold,
          'server errors': r.serverErrors,
          'checkouts/s': r.checkoutsPerSec,
          'p99 ms': r.p99Ms,
        })),
      ),
      `median checkouts/s: one instance ${scale.one.checkoutsPerSec} (p99 ${scale.one.p99Ms} ms), split across two ${scale.two.checkoutsPerSec} (p99 ${scale.two.p99Ms} ms, the higher instance's); two / one: ${((scale.two.checkoutsPerSec / scale.one.checkoutsPerSec) * 100).toFixed(0)}%; oversold in every round: ${scale.sale.reduce((sum, r) => sum + r.oversold, 0)}`,
      `realtime across instances: ${scale.realtime.rate.toLocaleString('en-US')} notifications/s written through one instance's hub to ${scale.realtime.users.toLocaleString('en-US')} sockets on the other (rounds of ${scale.realtime.seconds} s)`,
      table(
        scale.realtime.rounds.map((r, i) => ({
          round: i + 1,
          written: r.sent,
          'written/s': r.writtenPerSec,
          received: r.received,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
        })),
      ),
      `median insert → socket on the other instance: p50 ${scale.realtime.medianP50Ms} ms, p99 ${scale.realtime.medianP99Ms} ms`,
    ].join('\n'),
  );
}

if (runs('subscriptions')) {
  const r = await benchSubscriptions();
  print(
    `Subscriptions: ${r.count.toLocaleString('en-US')} due at once, two renewal worker processes (target ≤ 60 s, 0 double charges); check-subscription beside /api/health (20 connections, 10 s)`,
    [
      `renewals: ${r.seconds.toFixed(1)} s, ${r.renewalsPerSec} renewals/s (renewed ${r.renewed}, failed ${r.failed}), double charges ${r.doubleCharges}, untouched ${r.untouched}`,
      table([
        {
          route: 'GET /api/health',
          'req/s': r.health.reqPerSec,
          'p99 ms': r.health.p99Ms,
          errors: r.health.non2xx,
        },
        {
          route: 'GET /api/subscriptions/check',
          'req/s': r.check.reqPerSec,
          'p99 ms': r.check.p99Ms,
          errors: r.check.non2xx,
        },
      ]),
      `check-subscription / health: ${(r.check.reqPerSec / Math.max(r.health.reqPerSec, 1)).toFixed(2)}`,
    ].join('\n'),
  );
}

if (runs('referrals')) {
  const result = await benchReferrals();
  const reference = result.rows[0]?.reqPerSec ?? 1;
  print(
    `Referral links: click recorded + 302 (${result.connections} connections, median of ${result.rounds} alternating rounds; aim ≥ 3,000 clicks/s, p99 ≤ 30 ms)`,
    [
      table(
        result.rows.map((r) => ({
          target: r.target,
          'req/s': r.reqPerSec,
          'p99 ms': r.p99Ms,
          'vs /api/health': `${((r.reqPerSec / reference) * 100).toFixed(0)}%`,
          errors: r.errors,
        })),
      ),
      `clicks sent ${result.sent}, 302s received ${result.received}, counted in the database ${result.counted} (${result.counted <= result.sent && result.counted >= result.received ? 'none lost (≥ received) or doubled (≤ sent)' : 'MISMATCH'})`,
    ].join('\n'),
  );
}

if (runs('streaming')) {
  const result = await benchStreaming();
  const plain = result.viewers[1];
  print(
    `Live streaming: ffmpeg CPU per second of media; viewers on signed playlists/segments vs plain static files (${result.viewerRate > 0 ? `${result.viewerRate} request/s per viewer` : 'as fast as answered'}; median of ${result.rounds} rounds; aim p99 ≤ 50 ms); glass-to-glass delay browser → HLS (${result.segmentSeconds} s segments) → browser (aim ≤ 6 s)`,
    [
      table(
        result.transcode.map((r) => ({
          input: `${r.size} webm → HLS`,
          'CPU s per media s': r.cpuPerMediaSecond.toFixed(2),
          'streams per 2 cores': r.streamsPerTwoCores,
        })),
      ),
      table(
        result.viewers.map((r) => ({
          what: r.what,
          'req/s': r.reqPerSec,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'CPU ms/request (= per viewer-second)': r.cpuMsPerRequest.toFixed(3),
          'vs static req/s': plain ? `${((r.reqPerSec / plain.reqPerSec) * 100).toFixed(0)}%` : '',
          errors: r.errors,
        })),
      ),
      result.delay.length
        ? table(
            result.delay.map((d) => ({
              'player mode': d.mode,
              'delay median ms': d.medianMs.toFixed(0),
              'min ms': d.minMs.toFixed(0),
              'max ms': d.maxMs.toFixed(0),
              'frames read': d.samples,
              unreadable: d.unreadable,
            })),
          )
        : 'glass-to-glass: skipped (BENCH_G2G_SECONDS=0)',
    ].join('\n'),
  );
}

if (runs('meetings')) {
  const result = await benchMeetings();
  print(
    `Meetings: "Join now" → first remote video frame in a peer mesh, headless Chromium with fake devices (the last to arrive measured; p50/p95 of ${result.rounds} joins; reference: the same pre-join page loading until "Join now" is ready, ${result.referencePageLoadMs.toFixed(0)} ms median in this run)`,
    table(
      result.results.map((r) => ({
        people: r.people,
        'first frame p50 ms': r.firstP50Ms.toFixed(0),
        'first frame p95 ms': r.firstP95Ms.toFixed(0),
        'frames from all p50 ms': r.allP50Ms.toFixed(0),
        'frames from all p95 ms': r.allP95Ms.toFixed(0),
        'first frame vs page load': `${(r.firstP50Ms / result.referencePageLoadMs).toFixed(2)}×`,
      })),
    ),
  );
}

if (runs('api')) {
  const result = await benchApi();
  const health = result.http[0]?.reqPerSec ?? 1;
  print(
    'Public API v1 with a bearer key beside /api/health (50 connections; aim ≥ 5,000 req/s, p99 ≤ 20 ms)',
    table(
      result.http.map((r) => ({
        route: r.name,
        'req/s': r.reqPerSec,
        'p50 ms': r.p50Ms,
        'p99 ms': r.p99Ms,
        'vs health': (r.reqPerSec / health).toFixed(2),
        errors: r.non2xx,
      })),
    ),
  );
  const w = result.webhooks;
  print(
    `Webhook dispatch: ${w.events.toLocaleString('en-US')} events to ${w.endpoints} endpoints of one organizer (${w.failingEndpoints} always answer 500, ${w.slowEndpoints} answer after ${w.slowMs} ms), sent by the server's dispatcher`,
    table([
      {
        expected: w.expected,
        delivered: w.delivered,
        duplicates: w.duplicates,
        missing: w.missing,
        'failed attempts': w.failedAttempts,
        'emit s': w.emitSeconds.toFixed(1),
        'drain s': w.seconds.toFixed(1),
        'deliveries/s': w.deliveriesPerSec,
        verdict: w.drained && w.duplicates === 0 ? 'each exactly once' : 'NOT DRAINED / DUPLICATES',
      },
    ]),
  );
}

if (runs('ads')) {
  const result = await benchAds();
  const reference = result.rows[0]?.reqPerSec ?? 1;
  print(
    `Ads: selection among ${result.campaigns.toLocaleString('en-US')} live campaigns (aim ≥ 5,000 selections/s, p99 ≤ 20 ms) and view beacons (aim ≥ 10,000 impressions/s, none lost); ${result.connections} connections, median of ${result.rounds} alternating rounds`,
    [
      table(
        result.rows.map((r) => ({
          target: r.target,
          'req/s': r.reqPerSec,
          'impressions/s': r.impressionsPerSec ?? '',
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'vs /api/health': `${((r.reqPerSec / reference) * 100).toFixed(0)}%`,
          'CPU ms/request (server + db)': r.cpuMsPerRequest.toFixed(2),
          errors: r.errors,
        })),
      ),
      `impressions sent ${result.impressionsSent}, in beacons answered 200 ${result.impressionsAnswered}, counted in the database ${result.impressionsCounted} (${result.impressionsCounted >= result.impressionsAnswered && result.impressionsCounted <= result.impressionsSent ? 'none lost (≥ answered) or doubled (≤ sent)' : 'MISMATCH'})`,
    ].join('\n'),
  );
}
